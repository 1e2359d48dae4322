/**
 * Every curated toolkit module, by toolkit slug. To add a toolkit: write `<toolkit>.ts`
 * exporting an array of curated tools and add one line here (see README.md).
 */
import type { CuratedTool } from './types';
import { figmaTools } from './figma';
import { gmailTools } from './gmail';
import { slackTools } from './slack';
import { slackMoreTools } from './slack-more';
import { slackFileTools } from './slack-files';
import { googlecalendarTools } from './googlecalendar';
import { githubAliases, githubTools } from './github';
import { googledriveTools } from './googledrive';
import { googlesheetsTools } from './googlesheets';
import { hubspotCrmTools } from './hubspot-crm';
import { googledocsTools } from './googledocs';
import { notionTools } from './notion';
import { jiraTools } from './jira';
import { googletasksTools } from './googletasks';
import { twitterTools } from './twitter';
import { youtubeTools } from './youtube';
import { stripeTools } from './stripe';
import { asanaTools } from './asana';
import { trelloTools } from './trello';
import { gitlabTools } from './gitlab';
import { zoomTools } from './zoom';
import { spotifyAliases, spotifyTools } from './spotify';
import { bitbucketAliases, bitbucketTools } from './bitbucket';
import { squareAliases, squareTools } from './square';
import { xeroTools } from './xero';
import { digitaloceanAliases, digitaloceanTools } from './digitalocean';
import { openaiTools } from './openai';
import { vercelAliases, vercelTools } from './vercel';
import { docusignTools } from './docusign';
import { stripeOperationAliases } from './stripe-aliases';
import { asanaOperationAliases } from './asana-aliases';
import { calendlyAliases } from './calendly';
import { shopifyAliases } from './shopify';
import { oneDriveAliases } from './one-drive';
import { zoomAliases } from './zoom';
import { sentryAliases } from './sentry';
import { twilioTools } from './twilio';
import { netlifyTools } from './netlify';
import { boxAliases, boxTools } from './box';
import { mailchimpAliases, mailchimpTools } from './mailchimp';
import { sendgridAliases, sendgridTools } from './sendgrid';
import { googlephotosTools } from './googlephotos';

export const CURATED: Record<string, CuratedTool[]> = {
  figma: figmaTools,
  gmail: gmailTools,
  slack: [...slackTools, ...slackMoreTools, ...slackFileTools],
  googlecalendar: googlecalendarTools,
  github: githubTools,
  googledrive: googledriveTools,
  googlesheets: googlesheetsTools,
  hubspot: hubspotCrmTools,
  googledocs: googledocsTools,
  notion: notionTools,
  jira: jiraTools,
  googletasks: googletasksTools,
  twitter: twitterTools,
  youtube: youtubeTools,
  stripe: stripeTools,
  asana: asanaTools,
  trello: trelloTools,
  gitlab: gitlabTools,
  zoom: zoomTools,
  spotify: spotifyTools,
  bitbucket: bitbucketTools,
  square: squareTools,
  xero: xeroTools,
  digitalocean: digitaloceanTools,
  openai: openaiTools,
  vercel: vercelTools,
  docusign: docusignTools,
  mailchimp: mailchimpTools,
  sendgrid: sendgridTools,
  twilio: twilioTools,
  netlify: netlifyTools,
  box: boxTools,
  googlephotos: googlephotosTools,
};

/**
 * Older hosted slugs that stand for an existing tool (curated or generated) with the same
 * arguments, by toolkit: listed as deprecated aliases of the current slug.
 */
export const ALIASES: Record<string, Record<string, string>> = {
  github: githubAliases,
  spotify: spotifyAliases,
  bitbucket: bitbucketAliases,
  digitalocean: digitaloceanAliases,
  vercel: vercelAliases,
  square: squareAliases,
  stripe: stripeOperationAliases,
  asana: asanaOperationAliases,
  calendly: calendlyAliases,
  shopify: shopifyAliases,
  one_drive: oneDriveAliases,
  zoom: zoomAliases,
  sentry: sentryAliases,
  mailchimp: mailchimpAliases,
  sendgrid: sendgridAliases,
  box: boxAliases,
};

/**
 * Tool-slug prefixes of a toolkit besides `<SLUG>_`, where the hosted service names the toolkit
 * differently (its digital_ocean tools are DIGITAL_OCEAN_*; Junction's toolkit is digitalocean).
 */
export const SLUG_PREFIXES: Record<string, string[]> = {
  digitalocean: ['DIGITAL_OCEAN_'],
};

import { z } from 'zod';
import { route, Reply } from '../router';
import * as c from '../../contract/branding';
import { errors } from '../../contract/errors';
import { isId } from '../../crypto/ids';
import {
  clearLogo,
  getBranding,
  patchBranding,
  readLogo,
  resetBranding,
  setLogo,
} from '../../services/branding/settings';

const tag = 'Organization';

/**
 * Connect Link white-labelling (v3.1 surface §12): our extension under the project settings, since the
 * hosted service sets these only in its dashboard. The logo is served from here without a key: the
 * Connect page's visitors have none.
 */
export const brandingRoutes = [
  route({
    method: 'GET',
    path: '/org/project/branding',
    tag,
    auth: 'project',
    extension: true,
    summary: "The project's Connect Link branding, defaults filled in (extension)",
    response: c.Branding,
    handler: ({ rt, auth }) => getBranding(rt, auth.projectId),
  }),
  route({
    method: 'PATCH',
    path: '/org/project/branding',
    tag,
    auth: 'project',
    extension: true,
    summary: 'Update the Connect Link branding; colours failing WCAG AA contrast are refused (extension)',
    body: c.PatchBrandingBody,
    response: c.Branding,
    handler: ({ rt, auth, body }) => patchBranding(rt, auth.projectId, body),
  }),
  route({
    method: 'DELETE',
    path: '/org/project/branding',
    tag,
    auth: 'project',
    extension: true,
    summary: 'Reset the Connect Link branding to the defaults, logo and app title included (extension)',
    response: c.Branding,
    handler: ({ rt, auth }) => resetBranding(rt, auth.projectId),
  }),
  route({
    method: 'PUT',
    path: '/org/project/branding/logo',
    tag,
    auth: 'project',
    extension: true,
    // base64 of the 1 MB image limit, and room for a data: prefix
    maxBody: 1_600_000,
    summary: 'Upload the Connect Link logo: a square PNG or JPEG, 256 to 1024 px, at most 1 MB (extension)',
    body: c.LogoUploadBody,
    response: c.Branding,
    handler: ({ rt, auth, body }) => setLogo(rt, auth.projectId, body.image_base64),
  }),
  route({
    method: 'DELETE',
    path: '/org/project/branding/logo',
    tag,
    auth: 'project',
    extension: true,
    summary: 'Remove the uploaded Connect Link logo (extension)',
    response: c.Branding,
    handler: ({ rt, auth }) => clearLogo(rt, auth.projectId),
  }),
  route({
    method: 'GET',
    path: '/branding/logos/{logo_id}',
    tag,
    auth: 'none',
    extension: true,
    summary: 'A Connect Link logo, as uploaded (public; cached: each upload gets a new address) (extension)',
    params: c.LogoParams,
    response: z.any(),
    handler: async ({ rt, params }) => {
      if (!isId('logo', params.logo_id)) throw errors.notFound('Logo', params.logo_id);
      const logo = await readLogo(rt.db, params.logo_id);
      if (!logo) throw errors.notFound('Logo', params.logo_id);
      return new Reply(200, logo.bytes, {
        'content-type': logo.type,
        'content-length': String(logo.bytes.length),
        'cache-control': 'public, max-age=31536000, immutable',
        etag: `"${params.logo_id}"`,
        'x-content-type-options': 'nosniff',
        // an image is never a document: if opened directly, it may run nothing and load nothing
        'content-security-policy': "default-src 'none'; sandbox",
        'cross-origin-resource-policy': 'cross-origin',
      });
    },
  }),
];

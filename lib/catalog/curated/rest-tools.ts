/**
 * One declaration style for REST toolkits whose hosted arguments are the provider's own names
 * (Stripe, GitLab, Zoom, Asana, Trello, Mailchimp, SendGrid, Twilio, Box): `restMapping` with the
 * names kept as they are, the toolkit's request body type (Stripe and Twilio take form bodies),
 * and, for id arguments, the other spellings agents use (`id`, the provider's bare name).
 */
import { restMapping, type RestDef } from './rest-mapping';
import type { CuratedTool } from './types';

const same = (k: string) => k;

export interface RestToolDef extends RestDef {
  /** other names accepted for an argument: { customer_id: ['customer', 'id'] } */
  accept?: Record<string, string[]>;
}

/** Fold accepted spellings into the declared argument names before validation. */
export function acceptNames(accept: Record<string, string[]>) {
  return (a: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...a };
    for (const [k, others] of Object.entries(accept)) {
      for (const o of others) {
        if (out[k] === undefined && out[o] !== undefined) {
          out[k] = out[o];
          delete out[o];
        }
      }
    }
    return out;
  };
}

export function restToolkit(toolkit: string, opts: { contentType?: string; convert?: (k: string) => string } = {}) {
  return (def: RestToolDef): CuratedTool => {
    const { accept, ...rest } = def;
    const t = restMapping(
      {
        ...rest,
        tags: rest.tags ?? [toolkit],
        normalize: rest.normalize ?? (accept ? acceptNames(accept) : undefined),
      },
      opts.convert ?? same,
      toolkit,
    );
    if (opts.contentType && t.kind === 'mapping') return { ...t, http: { ...t.http, contentType: opts.contentType } };
    return t;
  };
}

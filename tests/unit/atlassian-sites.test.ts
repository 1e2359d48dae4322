import { describe, expect, it } from 'vitest';
import { parseSites, pickSite } from '../../lib/services/oauth/atlassian-sites';
import { baseUrlFor } from '../../lib/services/tools/http';
import { getToolkit } from '../../lib/catalog/registry';

const A = { id: 'aaaa1111-0000-4000-8000-000000000001', url: 'https://acme.atlassian.net', name: 'acme' };
const B = { id: 'bbbb2222-0000-4000-8000-000000000002', url: 'https://Beta.atlassian.net', name: 'beta' };

describe('Atlassian site choice', () => {
  it('keeps only entries with an id and a url', () => {
    expect(parseSites([A, { id: 'x' }, null, 'y', { url: 'https://z.atlassian.net' }, B])).toEqual([A, B]);
    expect(parseSites({ sites: [A] })).toEqual([]);
  });

  it('named cloud id, then named subdomain (any case), else the first site', () => {
    expect(pickSite([A, B], { cloud_id: B.id })).toEqual(B);
    expect(pickSite([A, B], { subdomain: 'BETA' })).toEqual(B);
    expect(pickSite([A, B], { subdomain: 'nope' })).toEqual(A);
    expect(pickSite([A, B], {})).toEqual(A);
    expect(pickSite([], { subdomain: 'acme' })).toBeUndefined();
  });
});

describe('Jira and Confluence base URLs per scheme', () => {
  const jira = getToolkit('jira')!;
  const confluence = getToolkit('confluence')!;

  it('Basic auth stays on the site; OAuth 2.0 goes through the gateway with the cloud id', () => {
    const val = { subdomain: 'acme', cloud_id: A.id };
    expect(baseUrlFor(jira, undefined, [val], undefined, 'BASIC')).toBe('https://acme.atlassian.net');
    expect(baseUrlFor(jira, undefined, [val], undefined, 'OAUTH2')).toBe(`https://api.atlassian.com/ex/jira/${A.id}`);
    expect(baseUrlFor(confluence, undefined, [val], undefined, 'OAUTH2')).toBe(
      `https://api.atlassian.com/ex/confluence/${A.id}/wiki`,
    );
  });

  it('overrides win over the scheme base; a cloud id that is not one label is refused', () => {
    expect(
      baseUrlFor(jira, undefined, [{ cloud_id: A.id, base_url: 'http://127.0.0.1:9/x' }], undefined, 'OAUTH2'),
    ).toBe('http://127.0.0.1:9/x');
    expect(baseUrlFor(jira, undefined, [{ cloud_id: A.id }], 'http://127.0.0.1:9/ex/jira/{cloud_id}', 'OAUTH2')).toBe(
      `http://127.0.0.1:9/ex/jira/${A.id}`,
    );
    expect(() => baseUrlFor(jira, undefined, [{ cloud_id: 'evil.example/#' }], undefined, 'OAUTH2')).toThrow(
      /single DNS label/,
    );
  });

  it('both OAuth 2.0 schemes ask Atlassian for audience, consent and a refresh token', () => {
    for (const tk of [jira, confluence]) {
      const o = tk.authSchemes.find((x) => x.mode === 'OAUTH2')!.oauth!;
      expect(o.authParams).toEqual({ audience: 'api.atlassian.com', prompt: 'consent' });
      expect(o.defaultScopes).toContain('offline_access');
      expect(o.accessibleResourcesUrl).toBe('https://api.atlassian.com/oauth/token/accessible-resources');
    }
  });
});

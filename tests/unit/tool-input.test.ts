import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { compileOpenApi } from '../../lib/catalog/compile';
import { extractArguments } from '../../lib/services/tools/input';

const issue = getTool('GITHUB_CREATE_AN_ISSUE')!;

describe('deterministic tool-input extractor (no LLM configured)', () => {
  it('fills owner/repo from "a/b", key: value pairs and quoted strings', () => {
    const r = extractArguments(
      issue,
      'Create an issue in octocat/hello-world titled "App crashes on start" with body: "Stack trace attached"',
    );
    expect(r.error).toBeUndefined();
    expect(r.arguments).toEqual({
      owner: 'octocat',
      repo: 'hello-world',
      title: 'App crashes on start',
      body: 'Stack trace attached',
    });
  });

  it('reads key=value and "key is value" pairs and coerces arrays', () => {
    const r = extractArguments(issue, 'owner=acme repo is web title: Broken labels: bug,urgent');
    expect(r.arguments).toMatchObject({ owner: 'acme', repo: 'web', title: 'Broken', labels: ['bug', 'urgent'] });
  });

  it('names the required fields it could not fill instead of guessing', () => {
    const r = extractArguments(issue, 'please file a bug titled "Search is slow"');
    expect(r.arguments).toEqual({ title: 'Search is slow' });
    expect(r.error).toMatch(/owner/);
    expect(r.error).toMatch(/repo/);
  });

  it('matches numbers, e-mails and URLs to the one property of that kind', () => {
    const { tools } = compileOpenApi(
      {
        openapi: '3.0.0',
        info: { title: 'T', version: '1' },
        servers: [{ url: 'https://t.example' }],
        paths: {
          '/invite': {
            post: {
              operationId: 'invite',
              summary: 'Invite',
              requestBody: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['email', 'seats'],
                      properties: {
                        email: { type: 'string', format: 'email' },
                        seats: { type: 'integer' },
                        callback_url: { type: 'string', format: 'uri' },
                        role: { type: 'string', enum: ['admin', 'member'] },
                      },
                    },
                  },
                },
              },
              responses: { 200: { description: 'ok' } },
            },
          },
        },
      },
      { slug: 'tinv' },
    );
    const r = extractArguments(
      tools[0]!,
      'Invite jane.doe@example.com with 3 seats, role: Admin, notify https://hooks.example.com/x?y=1',
    );
    expect(r.error).toBeUndefined();
    expect(r.arguments).toEqual({
      email: 'jane.doe@example.com',
      seats: 3,
      role: 'admin',
      callback_url: 'https://hooks.example.com/x?y=1',
    });
    const bad = extractArguments(tools[0]!, 'role: owner');
    expect(bad.arguments).toEqual({});
    expect(bad.error).toMatch(/email, seats/);
  });
});

'use client';
import { useState } from 'react';
import { useV3Mutation } from '@/lib/dashboard/client/hooks';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Field, Input, Select } from '@/components/ui/field';
import { Time } from '@/components/ui/json-view';

interface ConsentLink {
  consent_url: string;
  resource: string;
  user_id: string;
  expires_at: string;
}

const VALID_FOR: [seconds: number, label: string][] = [
  [3600, '1 hour'],
  [86_400, '1 day'],
  [7 * 86_400, '7 days'],
];

/**
 * An approval link (POST /mcp_oauth/consent_links) lets the end user behind one MCP URL approve
 * their own MCP client, instead of a dashboard admin. The link is not a secret key, but whoever
 * holds it can approve clients for that URL until it expires, so it is sent to that user only.
 */
export function ApprovalLink() {
  const [resource, setResource] = useState('');
  const [validFor, setValidFor] = useState(3600);
  const [made, setMade] = useState<ConsentLink | null>(null);
  const create = useV3Mutation<{ resource: string; expires_in_seconds: number }, ConsentLink>({
    request: (body) => ({ path: '/mcp_oauth/consent_links', method: 'POST', body }),
    success: 'Approval link created',
    onSuccess: (r) => setMade(r),
  });
  return (
    <Card aria-labelledby="approval-link-h">
      <CardHeader
        id="approval-link-h"
        title="Approval link for an end user"
        description="Send it to the user behind an MCP URL: their MCP client's sign-in then asks them, not an admin."
      />
      <form
        className="flex flex-wrap items-end gap-2 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          setMade(null);
          create.mutate({ resource: resource.trim(), expires_in_seconds: validFor });
        }}
      >
        <Field label="MCP URL" htmlFor="approval-resource" className="min-w-64 flex-1">
          <Input
            id="approval-resource"
            value={resource}
            onChange={(e) => setResource(e.target.value)}
            placeholder="https://…/mcp/…"
            required
          />
        </Field>
        <Field label="Valid for" htmlFor="approval-valid-for">
          <Select id="approval-valid-for" value={validFor} onChange={(e) => setValidFor(Number(e.target.value))}>
            {VALID_FOR.map(([s, label]) => (
              <option key={s} value={s}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="primary" loading={create.isPending}>
          Create link
        </Button>
      </form>
      {made && (
        <div className="space-y-2 border-t border-zinc-200 p-4 text-sm dark:border-zinc-800">
          <p>
            For user <code className="font-mono text-xs">{made.user_id}</code>, until <Time iso={made.expires_at} />.
          </p>
          <div className="flex items-center gap-2">
            <code data-testid="approval-link" className="min-w-0 flex-1 truncate font-mono text-xs">
              {made.consent_url}
            </code>
            <CopyButton value={made.consent_url} />
          </div>
        </div>
      )}
    </Card>
  );
}

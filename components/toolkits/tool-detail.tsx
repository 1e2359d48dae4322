'use client';
import { RichText } from '@/components/ui/rich-text';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { api, type ApiErr } from '@/lib/dashboard/client/api';
import { useV3, useV3Mutation } from '@/lib/dashboard/client/hooks';
import { paths } from '@/lib/dashboard/client/paths';
import type { Account, List, Tool } from '@/lib/dashboard/types';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, PageHeader } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Field, Select, Textarea } from '@/components/ui/field';
import { LoadingGroup, Skeleton } from '@/components/ui/skeleton';
import { ErrorPanel } from '@/components/ui/error-panel';
import { JsonView } from '@/components/ui/json-view';
import { SchemaView } from '@/components/schema/schema-view';
import { SchemaForm, type FormValues } from '@/components/schema/schema-form';
import { useToast } from '@/components/ui/toast';
import { Logo } from './logo';

interface ExecResult {
  data: unknown;
  error: string | null;
  successful: boolean;
  log_id?: string;
}

export function ToolDetail({ slug }: { slug: string }) {
  // the newest version: a custom MCP toolkit's tools exist only at dated versions, which v3's
  // default (the base version) does not reach; catalog toolkits have one version either way
  const q = useV3<Tool>(`/tools/${slug}`, { version: 'latest' });
  if (q.isPending)
    return (
      <LoadingGroup className="space-y-4">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-64" />
      </LoadingGroup>
    );
  if (q.isError)
    return (
      <>
        <PageHeader title={slug} />
        <ErrorPanel error={q.error} feature="tools" onRetry={() => q.refetch()} />
      </>
    );
  const t = q.data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
        <Link href="/toolkits" className="hover:underline">
          Toolkits
        </Link>{' '}
        /{' '}
        <Link href={`/toolkits/${t.toolkit.slug}`} className="hover:underline">
          {t.toolkit.name}
        </Link>{' '}
        /
      </nav>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <Logo src={t.toolkit.logo} name={t.toolkit.name} size={28} />
            {t.name}
          </span>
        }
        description={
          <span className="font-mono text-xs">
            {t.slug} · v{t.version}
          </span>
        }
        actions={
          <span className="flex flex-wrap gap-1">
            {t.is_deprecated && (
              <Badge tone="red" title="An older name; prefer the current tool">
                deprecated
              </Badge>
            )}
            {t.is_curated && (
              <Badge tone="green" title="Declared in the hosted vocabulary, not a raw API operation">
                curated
              </Badge>
            )}
            {t.no_auth && <Badge tone="blue">no auth</Badge>}
            {t.tags.slice(0, 4).map((x) => (
              <Badge key={x}>{x}</Badge>
            ))}
          </span>
        }
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <Card aria-labelledby="desc-h">
            <CardHeader id="desc-h" title="Description" />
            <RichText className="p-4 text-sm" text={t.description} />
          </Card>
          <Card aria-labelledby="in-h">
            <CardHeader id="in-h" title="Input" />
            <div className="overflow-x-auto p-4">
              <SchemaView schema={t.input_parameters} label="Input parameters" />
            </div>
          </Card>
          <Card aria-labelledby="out-h">
            <CardHeader id="out-h" title="Output" />
            <div className="overflow-x-auto p-4">
              <SchemaView schema={t.output_parameters} label="Output parameters" />
            </div>
          </Card>
        </div>
        <TryIt tool={t} />
      </div>
    </>
  );
}

function TryIt({ tool }: { tool: Tool }) {
  const toast = useToast();
  const preset = useSearchParams().get('account');
  const accounts = useV3<List<Account>>(tool.no_auth ? null : '/connected_accounts', {
    toolkit_slugs: tool.toolkit.slug,
    statuses: 'ACTIVE',
    limit: 100,
  });
  const [account, setAccount] = useState(preset ?? '');
  const [values, setValues] = useState<FormValues>({});
  const [jsonMode, setJsonMode] = useState(false);
  const [jsonText, setJsonText] = useState('{}');
  const [text, setText] = useState('');
  const [result, setResult] = useState<ExecResult | null>(null);
  const [log, setLog] = useState<unknown>(null);
  const chosen = account || accounts.data?.items[0]?.id || '';

  const fill = useV3Mutation<void, { arguments?: Record<string, unknown>; error?: string }>({
    request: () => ({ path: `/tools/execute/${tool.slug}/input`, method: 'POST', body: { text, version: 'latest' } }),
    onSuccess: (r) => {
      if (r.error || !r.arguments) {
        toast.error('Could not fill the form', r.error);
        return;
      }
      setValues(r.arguments);
      setJsonText(JSON.stringify(r.arguments, null, 2));
      toast.success('Form filled from your description');
    },
  });
  const run = useV3Mutation<void, ExecResult>({
    request: () => {
      let args: Record<string, unknown> = values;
      if (jsonMode) args = JSON.parse(jsonText || '{}');
      return {
        path: `/tools/execute/${tool.slug}`,
        method: 'POST',
        body: {
          arguments: args,
          version: 'latest',
          ...(tool.no_auth || !chosen ? {} : { connected_account_id: chosen }),
        },
      };
    },
    silent: true,
    onSuccess: (r) => {
      setResult(r);
      setLog(null);
      (r.successful ? toast.success : toast.error)(
        r.successful ? 'Tool ran successfully' : 'The tool reported an error',
        r.error ?? undefined,
      );
    },
  });

  return (
    <Card aria-labelledby="try-h" className="h-fit xl:sticky xl:top-6">
      <CardHeader
        id="try-h"
        title="Try it"
        description={
          tool.no_auth
            ? 'Runs the tool for real. It needs no connected account: nothing is sent on anyone’s behalf.'
            : 'Runs the tool for real against the chosen connected account.'
        }
      />
      <div className="space-y-5 p-4">
        {!tool.no_auth &&
          (accounts.isError ? (
            <ErrorPanel error={accounts.error} />
          ) : (
            <Field
              label="Connected account"
              htmlFor="try-account"
              hint={
                accounts.data && accounts.data.items.length === 0
                  ? undefined
                  : 'Only ACTIVE accounts of this toolkit are listed.'
              }
            >
              {accounts.data && accounts.data.items.length === 0 ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  No active {tool.toolkit.name} account.{' '}
                  <Link
                    className="text-blue-700 underline dark:text-blue-400"
                    href={`/auth-configs/new?toolkit=${tool.toolkit.slug}`}
                  >
                    Create an auth config
                  </Link>{' '}
                  and connect one first.
                </p>
              ) : (
                <Select
                  id="try-account"
                  value={chosen}
                  onChange={(e) => setAccount(e.target.value)}
                  disabled={accounts.isPending}
                >
                  {(accounts.data?.items ?? []).map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.id}
                      {a.alias ? ` (${a.alias})` : ''}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ))}
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) fill.mutate();
          }}
        >
          <Field
            label="Describe what you want (optional)"
            htmlFor="try-nl"
            hint="The server turns plain language into arguments (POST /tools/execute/{slug}/input)."
          >
            <Textarea
              id="try-nl"
              rows={2}
              className="font-sans text-sm"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="e.g. list my 5 most recent issues"
            />
          </Field>
          <Button type="submit" size="sm" loading={fill.isPending} disabled={!text.trim()}>
            Fill the form
          </Button>
          <ErrorPanel error={fill.error} feature="natural-language input" />
        </form>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (jsonMode) {
              try {
                JSON.parse(jsonText || '{}');
              } catch {
                toast.error('The arguments are not valid JSON');
                return;
              }
            }
            run.mutate();
          }}
        >
          <div className="flex items-center justify-between">
            <p className="text-sm font-medium">Arguments</p>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                if (!jsonMode) setJsonText(JSON.stringify(values, null, 2));
                else {
                  try {
                    setValues(JSON.parse(jsonText || '{}'));
                  } catch {
                    /* keep the form values */
                  }
                }
                setJsonMode(!jsonMode);
              }}
            >
              {jsonMode ? 'Edit as form' : 'Edit as JSON'}
            </Button>
          </div>
          {jsonMode ? (
            <Field label="Arguments (JSON)" htmlFor="try-json">
              <Textarea id="try-json" rows={8} value={jsonText} onChange={(e) => setJsonText(e.target.value)} />
            </Field>
          ) : (
            <SchemaForm
              schema={tool.input_parameters}
              values={values}
              onChange={setValues}
              fileTarget={{ toolSlug: tool.slug, toolkitSlug: tool.toolkit.slug }}
            />
          )}
          <Button type="submit" variant="primary" loading={run.isPending} disabled={!tool.no_auth && !chosen}>
            Run {tool.slug}
          </Button>
        </form>
        <ErrorPanel error={run.error} feature="tool execution" />
        {result && (
          <div className="space-y-2" data-testid="try-result">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Badge tone={result.successful ? 'green' : 'red'}>{result.successful ? 'successful' : 'failed'}</Badge>
              {result.log_id && (
                <>
                  log{' '}
                  <code className="font-mono text-xs" data-testid="log-id">
                    {result.log_id}
                  </code>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={async () => {
                      try {
                        setLog(await api(`${paths.toolLogs}/${result.log_id}`));
                      } catch (e) {
                        toast.error((e as ApiErr).message, (e as ApiErr).suggestedFix);
                      }
                    }}
                  >
                    View log
                  </Button>
                </>
              )}
            </p>
            {result.error && <p className="text-sm text-red-700 dark:text-red-400">{result.error}</p>}
            <JsonView value={result.data} label="Result data" />
            {log !== null && <JsonView value={log} label="Execution log" />}
          </div>
        )}
      </div>
    </Card>
  );
}

import { redirect } from 'next/navigation';
import { auth } from '@/lib/dashboard/auth';
import { getActiveConnection, listConnections } from '@/lib/dashboard/connections';
import { Shell } from '@/components/shell/shell';

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const session = await auth();
  if (!session?.user?.email) redirect('/sign-in');
  const [connections, active] = await Promise.all([listConnections(), getActiveConnection()]);
  return (
    <Shell
      email={session.user.email}
      connections={connections.map((c) => ({ id: c.id, name: c.name }))}
      activeId={active?.id}
    >
      {active ? children : <NoConnection />}
    </Shell>
  );
}

function NoConnection() {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 p-8 text-center dark:border-zinc-700">
      <p className="font-medium">No API connection yet</p>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        The dashboard drives a v3 API with a stored project key. Add one under{' '}
        <a className="underline" href="/settings/connections">
          Settings → API connections
        </a>
        .
      </p>
    </div>
  );
}

/** Background jobs only (`npm run worker`), for deployments that scale web and worker processes apart. */
import { getRuntime, setRole } from './lib/boot/runtime';
import { config } from './lib/config';
import { log } from './lib/log';
import { installProcessGuards } from './lib/process-guards';
import { installGracefulShutdown } from './lib/shutdown';

installProcessGuards();

async function main() {
  // Tracing first, so the modules it instruments are patched before use; never loaded when off.
  if (config().otlpEndpoint) await (await import('./lib/telemetry')).startTracing('junction-worker');
  setRole('worker');
  const rt = await getRuntime();
  log.info({ database: rt.database.engine }, 'Junction worker running');
  // SIGTERM/SIGINT: jobs in progress get JUNCTION_SHUTDOWN_TIMEOUT_MS to finish.
  installGracefulShutdown({
    timeoutMs: rt.config.shutdownTimeoutMs,
    stopWork: async (graceMs) => {
      // execution logs are written behind the response: the last ones go out before the database closes
      await rt.stop({
        graceMs,
        beforeClose: async () => (await import('./lib/services/logs/tool-logs')).flushToolLogs(),
      });
      await (await import('./lib/telemetry')).stopTracing();
    },
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

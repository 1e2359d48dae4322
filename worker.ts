/** Background jobs only (`npm run worker`), for deployments that scale web and worker processes apart. */
import { getRuntime, setRole } from './lib/runtime';
import { log } from './lib/log';
import { installProcessGuards } from './lib/process-guards';

installProcessGuards();

setRole('worker');
getRuntime()
  .then((rt) => {
    log.info({ database: rt.database.engine }, 'Junction worker running');
    const stop = async () => {
      await rt.stop().catch(() => {});
      process.exit(0);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  })
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });

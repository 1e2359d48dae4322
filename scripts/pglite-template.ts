// Part of `npm run build`: the ready-made embedded database a first start copies (lib/db/pglite-template.ts).
import { buildPgliteTemplate } from '../lib/boot/pglite-template';

const t0 = performance.now();
const { dir, created } = await buildPgliteTemplate();
console.log(
  `${created ? 'made' : 'kept'} the embedded-database template ${dir} (${Math.round(performance.now() - t0)} ms)`,
);

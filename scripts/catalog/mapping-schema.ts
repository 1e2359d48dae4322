/**
 * Writes lib/catalog/mappings/mapping.schema.json from the zod schema (schema.ts), for editors
 * (`# yaml-language-server: $schema=./mapping.schema.json`). tests/unit/catalog-mappings.test.ts
 * fails when the committed copy differs.
 *
 *   npx tsx scripts/catalog/mapping-schema.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { mappingJsonSchemaText } from '../../lib/catalog/mappings/schema';

const file = path.join(process.cwd(), 'lib/catalog/mappings/mapping.schema.json');
writeFileSync(file, mappingJsonSchemaText());
console.log(`wrote ${path.relative(process.cwd(), file)}`);

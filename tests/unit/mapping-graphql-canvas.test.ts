import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildSchema,
  getNamedType,
  isInputObjectType,
  Kind,
  parse,
  validate,
  type OperationDefinitionNode,
  type TypeNode,
} from 'graphql';
import { readMappings } from '../../lib/catalog/mappings/load';

// Canvas's `graphql:` entries against the part of Canvas's own schema they use
// (scripts/catalog/graphql/canvas.graphql, extracted from instructure/canvas-lms schema.graphql):
// every document validates (root fields, arguments, selections, variable types), and every argument
// dotted into an input object (`as: input.courseId`) names a field that input type has.
const schema = buildSchema(readFileSync('scripts/catalog/graphql/canvas.graphql', 'utf8'));
const canvas = readMappings(process.cwd()).get('canvas')!.file;
const entries = canvas.tools.filter((t) => t.graphql).map((t) => [t.slug, t] as const);

function namedType(t: TypeNode): string {
  return t.kind === Kind.NAMED_TYPE ? t.name.value : namedType(t.type);
}

describe('Canvas GraphQL mapping entries', () => {
  it('maps the GraphQL-only hosted names', () => {
    expect(entries.length).toBeGreaterThanOrEqual(42);
  });

  it.each(entries)('%s validates against the Canvas schema', (_slug, entry) => {
    const doc = parse(entry.graphql!.document);
    expect(validate(schema, doc).map((e) => e.message)).toEqual([]);
    const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    const varTypes = new Map((op.variableDefinitions ?? []).map((v) => [v.variable.name.value, namedType(v.type)]));
    for (const [name, a] of Object.entries(entry.args ?? {})) {
      const path = (a.as ?? name).split('.');
      if (path.length === 1) continue;
      const type = schema.getType(varTypes.get(path[0]!)!);
      expect(isInputObjectType(type), `${name}: $${path[0]} is an input object`).toBe(true);
      if (!isInputObjectType(type)) continue;
      const field = type.getFields()[path[1]!];
      expect(field, `${name} → ${type.name}.${path[1]}`).toBeDefined();
      // a required input field is a required argument
      if (field && field.type.toString().endsWith('!') && field.defaultValue === undefined)
        expect(a.required, `${name} is required by ${type.name}`).toBe(true);
      if (field) expect(getNamedType(field.type)).toBeDefined();
    }
  });

  it('every required field of a mutation input is filled by an argument', () => {
    for (const [slug, entry] of entries) {
      const doc = parse(entry.graphql!.document);
      const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
      if (op.operation !== 'mutation') continue;
      const input = schema.getType(namedType(op.variableDefinitions![0]!.type));
      if (!isInputObjectType(input)) throw new Error(`${slug}: no input type`);
      const filled = new Set(Object.values(entry.args ?? {}).map((a) => a.as?.split('.')[1]));
      for (const f of Object.values(input.getFields()))
        if (f.type.toString().endsWith('!') && f.defaultValue === undefined)
          expect(filled.has(f.name), `${slug}: ${input.name}.${f.name}`).toBe(true);
    }
  });
});

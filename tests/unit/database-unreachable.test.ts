import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/lib/net/database-unreachable';

/** Which errors the API turns into 503 Database_Unavailable (and the process guard survives). */
const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a server stopping (57P01)', withCode('57P01'), true],
    ['a server starting (57P03)', withCode('57P03'), true],
    ['a refused connection', withCode('ECONNREFUSED'), true],
    ['node-postgres: connection ended', new Error('Connection terminated unexpectedly'), true],
    ['node-postgres: the pool waited too long', new Error('timeout exceeded when trying to connect'), true],
    ['drizzle wrapping a lost connection', new Error('Failed query: select 1', { cause: withCode('57P01') }), true],
    ['a unique violation', withCode('23505'), false],
    ['a syntax error', withCode('42601'), false],
    ['a plain error', new Error('boom'), false],
    ['not an error', 'ECONNREFUSED', false],
  ])('%s', (_, err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected);
  });
});

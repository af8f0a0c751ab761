import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';
import * as routes from './routes.ts';

type Entry = { method?: unknown; path?: unknown };

/** Contract objects: exported `…Api` objects whose every value is an entry with a method and a path. */
function isContractObject(value: unknown): value is Record<string, Entry> {
  if (typeof value !== 'object' || value === null) return false;
  const entries = Object.values(value);
  return entries.length > 0 && entries.every((entry) => typeof entry?.path === 'string' && typeof entry?.method === 'string');
}

/** The customer API's contract objects; the console's (`operator…`) keep their schemas, read by the console. */
const customerContracts = (Object.entries(contracts) as [string, unknown][]).filter(
  (entry): entry is [string, Record<string, Entry>] =>
    entry[0].endsWith('Api') && !entry[0].startsWith('operator') && isContractObject(entry[1]),
);

describe('the zod-free route table', () => {
  it('finds the customer contract objects', () => {
    expect(customerContracts.map(([name]) => name)).toEqual(expect.arrayContaining(['accountApi', 'marketApi', 'tradingApi', 'walletApi']));
  });

  it.each(customerContracts)('%s has a route per entry, with its method and path', (name, contract) => {
    const table = (routes as Record<string, unknown>)[name.replace(/Api$/, 'Routes')] as Record<string, Entry> | undefined;
    expect(table, `${name} has no table in routes.ts`).toBeDefined();
    expect(Object.keys(table ?? {}).sort()).toEqual(Object.keys(contract).sort());
    for (const [key, entry] of Object.entries(contract)) {
      expect(table?.[key], `${name}.${key}`).toEqual({ method: entry.method, path: entry.path });
    }
  });

  it('imports nothing at run time, so no schema (and no zod) loads with it', () => {
    const source = readFileSync(new URL('./routes.ts', import.meta.url), 'utf8');
    const imports = source.split('\n').filter((line) => line.startsWith('import '));
    expect(imports.length).toBeGreaterThan(0);
    for (const line of imports) expect(line).toMatch(/^import type /);
  });
});

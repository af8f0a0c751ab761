import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, serverPackageRoot } from '../paths.ts';
import { ledgerRefusals, refusalOf, sqlStates } from './errors.ts';
import { readDefinitionFiles } from './sql-definitions.ts';

const listed = new Set<string>(Object.values(sqlStates));
/** Ours start with a letter (BL001, TF001, P0001); PostgreSQL's own classes listed here start with a digit. */
const ownStates = [...listed].filter((state) => /^[A-Z]/.test(state));

const definitionTexts = readDefinitionFiles().map((file) => ({ label: `sql/${file.kind}/${file.name}.sql`, text: file.text }));
const migrationTexts = readdirSync(migrationsFolder)
  .filter((name) => name.endsWith('.sql'))
  .map((name) => ({ label: `drizzle/${name}`, text: readFileSync(join(migrationsFolder, name), 'utf8') }));

/** Every RAISE EXCEPTION's SQLSTATE (P0001 when it names none) and every SQLSTATE an exception block catches. */
function statesOf(text: string) {
  const raised = [...text.matchAll(/RAISE\s+EXCEPTION\b[^;]*;/g)].map(
    ([raise]) => /ERRCODE\s*=\s*'([0-9A-Z]{5})'/.exec(raise)?.[1] ?? 'P0001',
  );
  const caught = [...text.matchAll(/SQLSTATE\s+'([0-9A-Z]{5})'/g)].map((match) => match[1] ?? '');
  return { raised, caught };
}

function serverSources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return serverSources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the closed list of SQLSTATEs', () => {
  it('holds every SQLSTATE our SQL raises or catches, in the current files and in every migration', () => {
    const unlisted = [...definitionTexts, ...migrationTexts].flatMap(({ label, text }) => {
      const { raised, caught } = statesOf(text);
      return [...raised, ...caught].filter((state) => !listed.has(state)).map((state) => `${label}: ${state}`);
    });
    expect(unlisted).toEqual([]);
  });

  it('lists none of our own that the current functions and triggers no longer raise', () => {
    const raisedNow = new Set(definitionTexts.flatMap(({ text }) => statesOf(text).raised));
    expect(ownStates.filter((state) => !raisedNow.has(state))).toEqual([]);
    expect(ownStates.length).toBeGreaterThanOrEqual(11);
  });

  it('is the only place of the server that spells a SQLSTATE out', () => {
    const quoted = new RegExp(`['"\`](${[...listed].join('|')}|(?:BL|TF|TR|AU)\\d{3})['"\`]`);
    const errorsModule = join(serverPackageRoot, 'src', 'platform', 'db', 'errors.ts');
    const offenders = serverSources(join(serverPackageRoot, 'src'))
      .filter((path) => path !== errorsModule && quoted.test(readFileSync(path, 'utf8')))
      .map((path) => relative(serverPackageRoot, path));
    expect(offenders).toEqual([]);
  });

  it('maps a refusal to its result code once, and only the refusals the caller expects', () => {
    const raising = (code: string) => Object.assign(new Error('query failed'), { cause: { code } });
    expect(refusalOf(raising('BL001'), ledgerRefusals)).toBe('INSUFFICIENT_FUNDS');
    expect(refusalOf(raising('23514'), ledgerRefusals)).toBe('INSUFFICIENT_FUNDS');
    expect(refusalOf(raising('BL002'), ledgerRefusals)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(refusalOf(raising('TF001'), [sqlStates.tradingFrozen])).toBe('TRADING_FROZEN');
    // A state the statement is not expected to raise, or one that is a bug, stays an error.
    expect(refusalOf(raising('TF001'), ledgerRefusals)).toBeUndefined();
    expect(refusalOf(raising('BL003'), ledgerRefusals)).toBeUndefined();
    expect(refusalOf(raising('23514'), [sqlStates.tradingFrozen])).toBeUndefined();
    expect(refusalOf(new Error('no code'), ledgerRefusals)).toBeUndefined();
  });
});

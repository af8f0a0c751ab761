import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findParityProblems, flattenMessages, readCatalogues } from '@bolsa/client-kit/locale-keys';
import { locales } from '@bolsa/contracts';
import { describe, expect, it } from 'vitest';

// jsdom replaces the global URL, so paths are built with node:path from this file's own path.
const appFolder = dirname(fileURLToPath(import.meta.url));
const contractsFolder = resolve(appFolder, '../../../../packages/contracts/src/locales');

const featuresFolder = resolve(appFolder, '../features');
/** The features that keep their strings apart (`features/<name>/locales`, loaded with their pages). */
const featureFolders: [string, string][] = readdirSync(featuresFolder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(resolve(featuresFolder, entry.name)).includes('locales'))
  .map((entry) => [`the ${entry.name} feature's strings`, resolve(featuresFolder, entry.name, 'locales')]);

it('finds the features that keep their strings apart', () => {
  expect(featureFolders.map(([name]) => name)).toEqual(
    expect.arrayContaining(["the loans feature's strings", "the trade feature's strings"]),
  );
});

describe.each([
  ['the app strings (src/locales)', appFolder],
  ['the shared contracts messages', contractsFolder],
  ['the server-only contracts messages', resolve(contractsFolder, 'server')],
  ...featureFolders,
])('%s', (_name, folder) => {
  const catalogues = readCatalogues(folder);

  it('has one file per product locale, and no others', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...locales].sort());
  });

  it('has every English key in every locale and no extra keys, none empty', () => {
    const { en, ...others } = catalogues;
    expect(en).toBeDefined();
    expect(findParityProblems(en, others)).toEqual([]);
    expect(findParityProblems(en, { en })).toEqual([]);
  });
});

describe.each<[string, string]>([['the app strings', appFolder], ...featureFolders])('%s are real translations', (_name, folder) => {
  const { en, ...others } = readCatalogues(folder);
  const english = flattenMessages(en);
  /**
   * Strings that are legitimately the same as in English: the brand, sample addresses, a word German
   * shares, the TWD wallet's label, a currency code read the same in every language, and Spanish's "No" and
   * "min" (the follow check's answer and a period in minutes).
   */
  const allowedSame = new Set([
    'app.name',
    'placeholders.email',
    'de:auth.optional',
    'wallet.types.TW',
    'es:follow.check.no',
    'es:follow.period.minutes',
    // City names German writes as English does.
    'de:instrumentProfile.sessions.london',
    'de:instrumentProfile.sessions.newYork',
    'de:instrumentProfile.sessions.sydney',
  ]);

  it.each(Object.keys(others))('%s has no string copied from English', (locale) => {
    const copied = [...flattenMessages(others[locale])]
      .filter(([key, value]) => english.get(key) === value)
      .map(([key]) => key)
      .filter((key) => !allowedSame.has(key) && !allowedSame.has(`${locale}:${key}`));
    expect(copied).toEqual([]);
  });
});

/** Source files of the two apps and their shared kit, tests left out. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = resolve(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it('loads with the apps every result message they show on their own (the rest only the server words)', () => {
  const roots = ['..', '../../../admin/src', '../../../../packages/client-kit/src'].map((path) => resolve(appFolder, path));
  const used = new Set(
    roots
      .flatMap(sourceFiles)
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/['"`]errors\.([A-Z_]+)['"`]/g)].map((match) => match[1])),
  );
  const loaded = flattenMessages(readCatalogues(contractsFolder).en);
  expect([...used].filter((name) => !loaded.has(`errors.${name}`))).toEqual([]);
  expect(used.size).toBeGreaterThan(0);
});

import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findParityProblems, flattenMessages, readCatalogues } from '@bolsa/client-kit/locale-keys';
import { locales, operatorPermissions } from '@bolsa/contracts';
import { describe, expect, it } from 'vitest';

// jsdom replaces the global URL, so the folder is found with node:path from this file's own path.
const consoleFolder = dirname(fileURLToPath(import.meta.url));

describe('the console strings (apps/admin/src/locales)', () => {
  const catalogues = readCatalogues(consoleFolder);

  it('has one file per product locale, and no others', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...locales].sort());
  });

  it('has every English key in every locale and no extra keys, none empty', () => {
    const { en, ...others } = catalogues;
    expect(en).toBeDefined();
    expect(findParityProblems(en, others)).toEqual([]);
    expect(findParityProblems(en, { en })).toEqual([]);
  });

  /** Strings that are the same in English by nature: product names, codes and a few shared words. */
  const allowedSame = new Set<string>([
    'de:auth.email',
    'de:reviews.status',
    'de:reviews.name',
    'de:appVersions.version',
    'de:audit.operator',
    'de:audit.system',
    'de:follow.fields.name',
    'de:follow.columns.status',
    'es:follow.columns.total',
  ]);

  it.each(Object.keys(catalogues).filter((locale) => locale !== 'en'))('%s has no string copied from English', (locale) => {
    const english = flattenMessages(catalogues.en);
    const copied = [...flattenMessages(catalogues[locale])]
      .filter(([key, value]) => english.get(key) === value)
      .map(([key]) => key)
      .filter((key) => !allowedSame.has(`${locale}:${key}`) && !allowedSame.has(key));
    expect(copied).toEqual([]);
  });

  it.each(Object.keys(catalogues))('%s: the offerings intro names the rights issue an operator can create', (locale) => {
    const messages = flattenMessages(catalogues[locale]);
    const intro = String(messages.get('offerings.intro') ?? '').toLowerCase();
    expect(intro).toContain(String(messages.get('offerings.kinds.rights') ?? '?').toLowerCase());
  });

  it("names every operator permission (the dashboard lists the signed-in operator's)", () => {
    const english = flattenMessages(catalogues.en);
    expect(operatorPermissions.filter((permission) => !english.has(`permissions.${permission}`))).toEqual([]);
  });
});

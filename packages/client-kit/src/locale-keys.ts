import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every leaf key of a message tree, dotted ("auth.loginButton"), with its value. */
export function flattenMessages(tree: unknown, prefix = ''): Map<string, unknown> {
  const result = new Map<string, unknown>();
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [nestedKey, nestedValue] of flattenMessages(value, path)) result.set(nestedKey, nestedValue);
      } else {
        result.set(path, value);
      }
    }
  }
  return result;
}

export type ParityProblem = { locale: string; key: string; problem: 'missing' | 'extra' | 'empty' };

/**
 * Compares each locale with the reference: keys missing from it, keys only it has, and values
 * that are not non-empty strings. An empty list means the catalogues agree.
 */
export function findParityProblems(reference: unknown, catalogues: Record<string, unknown>): ParityProblem[] {
  const referenceKeys = flattenMessages(reference);
  const problems: ParityProblem[] = [];
  for (const [locale, catalogue] of Object.entries(catalogues)) {
    const keys = flattenMessages(catalogue);
    for (const key of referenceKeys.keys()) if (!keys.has(key)) problems.push({ locale, key, problem: 'missing' });
    for (const [key, value] of keys) {
      if (!referenceKeys.has(key)) problems.push({ locale, key, problem: 'extra' });
      if (typeof value !== 'string' || value.trim() === '') problems.push({ locale, key, problem: 'empty' });
    }
  }
  return problems;
}

/** Reads every `<locale>.json` of a folder. */
export function readCatalogues(folder: string): Record<string, unknown> {
  const catalogues: Record<string, unknown> = {};
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    catalogues[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(folder, file), 'utf8'));
  }
  return catalogues;
}

import { storageKeys } from '@bolsa/contracts';

/** Search history (spec §3: local storage key usa12_shistory): newest first, at most ten distinct terms. */
export const SEARCH_HISTORY_MAX = 10;

export function readSearchHistory(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(storageKeys.searchHistory) ?? '[]');
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string').slice(0, SEARCH_HISTORY_MAX) : [];
  } catch {
    return [];
  }
}

export function addSearchHistory(term: string): string[] {
  const cleaned = term.trim();
  if (cleaned === '') return readSearchHistory();
  const next = [cleaned, ...readSearchHistory().filter((entry) => entry.toLowerCase() !== cleaned.toLowerCase())].slice(
    0,
    SEARCH_HISTORY_MAX,
  );
  try {
    window.localStorage.setItem(storageKeys.searchHistory, JSON.stringify(next));
  } catch {
    // Storage may be refused in private modes; the search still works.
  }
  return next;
}

export function clearSearchHistory(): void {
  try {
    window.localStorage.removeItem(storageKeys.searchHistory);
  } catch {
    // Nothing to clear.
  }
}

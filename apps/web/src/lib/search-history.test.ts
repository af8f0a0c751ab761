import { storageKeys } from '@bolsa/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { addSearchHistory, clearSearchHistory, readSearchHistory, SEARCH_HISTORY_MAX } from './search-history.ts';

describe('the search history under usa12_shistory', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the newest term first, once, and at most ten', () => {
    addSearchHistory('aapl');
    addSearchHistory('2330');
    addSearchHistory('AAPL');
    expect(readSearchHistory()).toEqual(['AAPL', '2330']);
    expect(JSON.parse(window.localStorage.getItem(storageKeys.searchHistory) ?? '')).toEqual(['AAPL', '2330']);
    for (let index = 0; index < 15; index += 1) addSearchHistory(`term ${index}`);
    expect(readSearchHistory()).toHaveLength(SEARCH_HISTORY_MAX);
    expect(readSearchHistory()[0]).toBe('term 14');
  });

  it('ignores blank terms and a damaged entry, and clears', () => {
    expect(addSearchHistory('   ')).toEqual([]);
    window.localStorage.setItem(storageKeys.searchHistory, '{not json');
    expect(readSearchHistory()).toEqual([]);
    addSearchHistory('gold');
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
  });
});

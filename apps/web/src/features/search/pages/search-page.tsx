import { useTranslation } from '@bolsa/client-kit/i18n';
import { DeleteOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { fromQuoteRow, QuoteList } from '../../../components/quote-list.tsx';
import { addSearchHistory, clearSearchHistory, readSearchHistory } from '../../../lib/search-history.ts';
import { useSearchInstruments } from '../api/search-instruments.ts';
import '../search.css';

export const SEARCH_DEBOUNCE_MS = 300;

/** The value, once it has stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** /pages/search/index: every market by code or name, debounced; past searches kept under usa12_shistory. */
export function SearchPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [history, setHistory] = useState(readSearchHistory);
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useSearchInstruments(term);
  const rows = results.data?.list ?? [];

  useEffect(() => {
    if (term !== '' && results.data && results.data.total > 0) setHistory(addSearchHistory(term));
  }, [term, results.data]);

  return (
    <>
      <NavBar title={t('search.title')} />
      <search className="search-form">
        <label className="visually-hidden" htmlFor="search-input">
          {t('search.label')}
        </label>
        <input
          id="search-input"
          className="search-input"
          type="search"
          value={text}
          maxLength={60}
          autoComplete="off"
          placeholder={t('search.placeholder')}
          onChange={(event) => setText(event.target.value)}
        />
      </search>
      {text.trim() === '' ? (
        history.length > 0 ? (
          <section className="search-history" aria-label={t('search.history')}>
            <div className="search-history-head">
              <h2 className="section-title">{t('search.history')}</h2>
              <button
                type="button"
                className="icon-button"
                aria-label={t('search.clearHistory')}
                onClick={() => {
                  clearSearchHistory();
                  setHistory([]);
                }}
              >
                <DeleteOutline aria-hidden="true" />
              </button>
            </div>
            <ul className="chips">
              {history.map((entry) => (
                <li key={entry}>
                  <button type="button" className="chip" onClick={() => setText(entry)}>
                    {entry}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <p className="search-hint">{t('search.hint')}</p>
        )
      ) : results.data && rows.length === 0 && term === text.trim() ? (
        <EmptyState title={t('search.noResults', { term })} />
      ) : (
        <QuoteList items={rows.map(fromQuoteRow)} label={t('search.results')} />
      )}
    </>
  );
}

import { useTranslation } from '@bolsa/client-kit/i18n';
import type { WatchlistRow } from '@bolsa/contracts';
import { StarOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { PushStatusBanner } from '../../../components/push-status-banner.tsx';
import { QuoteList, type QuoteListItem, withLiveQuote } from '../../../components/quote-list.tsx';
import { loginRouteBackTo } from '../../../lib/navigation.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { useToken } from '../../../lib/session-store.ts';
import { useWatchlist } from '../api/get-watchlist.ts';

export function fromWatchlistRow(row: WatchlistRow): QuoteListItem {
  return {
    name: row.n,
    code: row.c,
    market: row.m,
    source: row.s,
    price: row.p,
    change: row.ch,
    changeRatio: row.cr,
    volume: row.v,
    currencySymbol: row.cs,
    marketStatus: row.ms,
    logoUrl: row.logo,
  };
}

/** The watchlist tab: the user's instruments with live prices; a link to manage them. */
export function WatchlistPage() {
  const { t } = useTranslation();
  const token = useToken();
  const watchlist = useWatchlist(token !== null);
  const rows = watchlist.data ?? [];
  const live = useLiveQuotes(rows.map((row) => row.c));
  return (
    <>
      <NavBar
        title={t('watchlist.title')}
        hasBack={false}
        right={
          token && rows.length > 0 ? (
            <Link to={pagePath('watchlistManage')} className="nav-bar-text-link">
              {t('watchlist.manage')}
            </Link>
          ) : null
        }
      />
      <PushStatusBanner />
      {!token ? (
        <EmptyState icon={<StarOutline />} title={t('watchlist.loggedOutTitle')} description={t('watchlist.loggedOutDescription')}>
          <Link to={loginRouteBackTo(pagePath('watchlist'))} className="button button-primary button-block">
            {t('auth.loginButton')}
          </Link>
        </EmptyState>
      ) : watchlist.isError ? (
        <EmptyState title={t('market.loadFailed')} description={t('market.loadFailedDescription')} />
      ) : watchlist.data && rows.length === 0 ? (
        <EmptyState icon={<StarOutline />} title={t('watchlist.emptyTitle')} description={t('watchlist.emptyDescription')}>
          <Link to={pagePath('search')} className="button button-primary button-block">
            {t('watchlist.findInstruments')}
          </Link>
        </EmptyState>
      ) : (
        <QuoteList items={rows.map((row) => withLiveQuote(fromWatchlistRow(row), live.get(row.c)))} label={t('watchlist.title')} />
      )}
    </>
  );
}

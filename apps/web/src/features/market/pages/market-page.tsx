import { useTranslation } from '@bolsa/client-kit/i18n';
import { REACH_BOTTOM_THROTTLE_MS } from '@bolsa/contracts';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { FireFill, SearchOutline } from 'antd-mobile-icons';
import { useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { PushStatusBanner } from '../../../components/push-status-banner.tsx';
import { fromQuoteRow, QuoteList, withLiveQuote } from '../../../components/quote-list.tsx';
import { pagePath } from '../../../lib/pages.ts';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { type InstrumentListKind, useInstrumentList } from '../api/get-instrument-list.ts';
import '../market.css';

/** The tabs of the markets page (spec §2 wording): US by exchange, rankings, home markets, futures, forex, indices. */
/** The US exchanges are proper names, shown as they are in every language. */
const exchangeNames = new Set(['NASDAQ', 'NYSE', 'AMEX']);

export const marketTabs: ReadonlyArray<{ key: string; kind: InstrumentListKind }> = [
  { key: 'NASDAQ', kind: { api: 'stock', type: 'NASDAQ' } },
  { key: 'NYSE', kind: { api: 'stock', type: 'NYSE' } },
  { key: 'AMEX', kind: { api: 'stock', type: 'AMEX' } },
  { key: 'gainers', kind: { api: 'stock', type: 'gainers' } },
  { key: 'losers', kind: { api: 'stock', type: 'losers' } },
  { key: 'active', kind: { api: 'stock', type: 'active' } },
  { key: 'ARG', kind: { api: 'stock', type: 'ARG' } },
  { key: 'TW', kind: { api: 'stock', type: 'TW' } },
  { key: 'futures', kind: { api: 'futures', type: 'all' } },
  { key: 'forex', kind: { api: 'futures', type: 'forex' } },
  { key: 'indices', kind: { api: 'futures', type: 'index' } },
];

/** Calls `action` at most once per `intervalMs` (spec §9: reach-bottom throttle 350 ms). */
export function useThrottle<T extends unknown[]>(action: (...args: T) => Promise<void>, intervalMs: number) {
  const lastRunAt = useRef(0);
  return async (...args: T) => {
    const now = Date.now();
    if (now - lastRunAt.current < intervalMs) return;
    lastRunAt.current = now;
    await action(...args);
  };
}

function InstrumentListTab({ kind, label }: { kind: InstrumentListKind; label: string }) {
  const { t } = useTranslation();
  const list = useInstrumentList(kind);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.list) ?? [], [list.data]);
  const live = useLiveQuotes(rows.map((row) => row.stock_code));
  const loadMore = useThrottle(async () => {
    await list.fetchNextPage();
  }, REACH_BOTTOM_THROTTLE_MS);
  if (list.isError && rows.length === 0) {
    return <EmptyState title={t('market.loadFailed')} description={t('market.loadFailedDescription')} />;
  }
  return (
    <PullToRefresh
      onRefresh={async () => {
        await list.refetch();
      }}
      pullingText={t('market.pullToRefresh')}
      canReleaseText={t('market.releaseToRefresh')}
      refreshingText={t('common.loading')}
      completeText={t('market.refreshed')}
    >
      <QuoteList items={rows.map((row) => withLiveQuote(fromQuoteRow(row), live.get(row.stock_code)))} label={label} />
      <InfiniteScroll loadMore={loadMore} hasMore={list.hasNextPage || list.isPending}>
        <span className="list-footer">{list.hasNextPage || list.isPending ? t('common.loading') : t('market.noMore')}</span>
      </InfiniteScroll>
    </PullToRefresh>
  );
}

/** The markets tab. The chosen tab is in the query string (`?tab=futures`), so links and reloads keep it. */
export function MarketPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const active = marketTabs.find((tab) => tab.key === searchParams.get('tab'))?.key ?? 'NASDAQ';
  return (
    <>
      <NavBar
        title={t('market.title')}
        hasBack={false}
        right={
          <>
            <Link to={pagePath('popular')} className="nav-bar-icon" aria-label={t('market.popularLink')}>
              <FireFill aria-hidden="true" />
            </Link>
            <Link to={pagePath('search')} className="nav-bar-icon" aria-label={t('search.title')}>
              <SearchOutline aria-hidden="true" />
            </Link>
          </>
        }
      />
      <PushStatusBanner />
      <nav className="market-links" aria-label={t('products.links.label')}>
        <Link to={pagePath('productFuture')}>{t('products.links.future')}</Link>
        <Link to={pagePath('productTaiwan')}>{t('products.links.taiwan')}</Link>
        <Link to={pagePath('popular')}>{t('popular.title')}</Link>
      </nav>
      <Tabs activeKey={active} onChange={(key) => setSearchParams({ tab: key }, { replace: true })} className="market-tabs">
        {marketTabs.map((tab) => (
          <Tabs.Tab key={tab.key} title={exchangeNames.has(tab.key) ? tab.key : t(`market.tabs.${tab.key}`)}>
            {tab.key === active ? (
              <InstrumentListTab kind={tab.kind} label={exchangeNames.has(tab.key) ? tab.key : t(`market.tabs.${tab.key}`)} />
            ) : null}
          </Tabs.Tab>
        ))}
      </Tabs>
    </>
  );
}

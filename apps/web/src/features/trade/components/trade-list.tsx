import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { PullToRefresh } from 'antd-mobile';
import { TransportQRcodeOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListEnd } from '../../../components/list-end.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { pagePath } from '../../../lib/pages.ts';
import '../trade.css';

type ListQuery = { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };
/** A list read a page at a time (TanStack Query's infinite query). */
type ScrolledQuery = ListQuery & { hasNextPage: boolean; fetchNextPage: () => Promise<{ isError: boolean; error: unknown }> };

/** The next page when the end of the list comes into view; a failure offers a retry there. */
export function moreOf(query: ScrolledQuery) {
  return {
    hasMore: query.hasNextPage,
    loadMore: async () => {
      const result = await query.fetchNextPage();
      if (result.isError) throw result.error;
    },
  };
}

/** One trade list with pull to refresh, its loading, failed and empty states, and (when paged) more on scrolling. */
export function TradeList({
  query,
  count,
  emptyTitle,
  emptyHint,
  more,
  children,
}: {
  query: ListQuery;
  count: number;
  emptyTitle: string;
  emptyHint?: string;
  more?: { hasMore: boolean; loadMore: () => Promise<void> };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PullToRefresh onRefresh={async () => void (await query.refetch())}>
      {query.isPending ? (
        <ListSkeleton rows={3} />
      ) : query.isError && count === 0 ? (
        <EmptyState title={t('trade.loadFailed')}>
          <button type="button" className="button button-primary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </EmptyState>
      ) : count === 0 ? (
        <EmptyState icon={<TransportQRcodeOutline />} title={emptyTitle} description={emptyHint ?? t('trade.emptyHint')}>
          <Link className="button button-primary" to={pagePath('market')}>
            {t('trade.browseMarkets')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="trade-list">{children}</ul>
      )}
      {more && count > 0 ? <ListEnd hasMore={more.hasMore} loadMore={more.loadMore} /> : null}
    </PullToRefresh>
  );
}

import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { PullToRefresh } from 'antd-mobile';
import { CollectMoneyOutline } from 'antd-mobile-icons';
import type { KeyboardEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListEnd } from '../../../components/list-end.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { useDeposits } from '../api/get-deposits.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { DepositItem } from '../components/deposit-item.tsx';
import { WithdrawalItem } from '../components/withdrawal-item.tsx';

type Tab = 'deposits' | 'withdrawals';
const tabs: readonly Tab[] = ['deposits', 'withdrawals'];

type InfiniteList = {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
};

function RecordList({
  query,
  count,
  emptyTitle,
  children,
}: {
  query: InfiniteList;
  count: number;
  emptyTitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PullToRefresh onRefresh={async () => void (await query.refetch())}>
      {query.isPending ? (
        <ListSkeleton rows={4} />
      ) : query.isError && count === 0 ? (
        <EmptyState title={t('wallet.loadFailed')}>
          <button type="button" className="button button-primary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </EmptyState>
      ) : count === 0 ? (
        <EmptyState icon={<CollectMoneyOutline />} title={emptyTitle} />
      ) : (
        <>
          <ul className="record-list">{children}</ul>
          <ListEnd
            hasMore={query.hasNextPage}
            loadMore={async () => {
              const result = await query.fetchNextPage();
              if (result.isError) throw result.error;
            }}
          />
        </>
      )}
    </PullToRefresh>
  );
}

function DepositsPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const deposits = useDeposits();
  const rows = deposits.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <RecordList query={deposits} count={rows.length} emptyTitle={t('funding.noDeposits')}>
      {rows.map((deposit) => (
        <DepositItem key={deposit.id} deposit={deposit} locale={locale} />
      ))}
    </RecordList>
  );
}

function WithdrawalsPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const withdrawals = useWithdrawals();
  const rows = withdrawals.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <RecordList query={withdrawals} count={rows.length} emptyTitle={t('funding.noWithdrawals')}>
      {rows.map((withdrawal) => (
        <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} locale={locale} />
      ))}
    </RecordList>
  );
}

/**
 * /pages/deposit/record: the funding record, with two tabs: deposits (status, confirmations,
 * reasons) and withdrawals (each with its timeline). `?tab=withdrawals` opens the second.
 */
export function FundingRecordPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'withdrawals' ? 'withdrawals' : 'deposits';

  const select = (next: Tab) => setSearchParams(next === 'deposits' ? {} : { tab: next }, { replace: true });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tab === 'deposits' ? 'withdrawals' : 'deposits';
    select(next);
    document.getElementById(`record-tab-${next}`)?.focus();
  };

  return (
    <>
      <NavBar title={t('funding.recordTitle')} />
      <div className="page-body">
        <div className="tabs" role="tablist" aria-label={t('funding.recordTitle')}>
          {tabs.map((name) => (
            <button
              key={name}
              id={`record-tab-${name}`}
              type="button"
              role="tab"
              className={`tab${tab === name ? ' is-active' : ''}`}
              aria-selected={tab === name}
              aria-controls={`record-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => select(name)}
              onKeyDown={onKeyDown}
            >
              {t(`funding.recordTabs.${name}`)}
            </button>
          ))}
        </div>
        <div id={`record-panel-${tab}`} role="tabpanel" aria-labelledby={`record-tab-${tab}`}>
          {tab === 'deposits' ? <DepositsPanel locale={locale} /> : <WithdrawalsPanel locale={locale} />}
        </div>
      </div>
    </>
  );
}

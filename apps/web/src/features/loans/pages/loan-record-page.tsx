import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { PullToRefresh } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListEnd } from '../../../components/list-end.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useLoanRecords } from '../api/loans-api.ts';
import { LoanItem } from '../components/loan-item.tsx';
import '../loans.css';

/** /pages/loan/record: every loan, newest first: its state, what it owes by part, and a way to repay one in use. */
export function LoanRecordPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const records = useLoanRecords();
  const loans = records.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <>
      <NavBar title={t('loan.recordTitle')} />
      <div className="page-body">
        <PullToRefresh onRefresh={async () => void (await records.refetch())}>
          {records.isPending ? (
            <ListSkeleton rows={4} />
          ) : records.isError && loans.length === 0 ? (
            <EmptyState title={t('wallet.loadFailed')}>
              <button type="button" className="button button-primary" onClick={() => void records.refetch()}>
                {t('common.retry')}
              </button>
            </EmptyState>
          ) : loans.length === 0 ? (
            <EmptyState icon={<BillOutline />} title={t('loan.noLoans')}>
              <Link className="button button-primary" to={pagePath('loan')}>
                {t('loan.seeTerms')}
              </Link>
            </EmptyState>
          ) : (
            <>
              <ul className="loan-list">
                {loans.map((loan) => (
                  <LoanItem key={loan.id} loan={loan} locale={locale}>
                    {loan.status === 'in_use' ? (
                      <Link className="button button-primary button-small loan-item-action" to={pagePath('loanRepayment', { id: loan.id })}>
                        {t('loan.repay')}
                      </Link>
                    ) : null}
                  </LoanItem>
                ))}
              </ul>
              <ListEnd
                hasMore={records.hasNextPage}
                loadMore={async () => {
                  const result = await records.fetchNextPage();
                  if (result.isError) throw result.error;
                }}
              />
            </>
          )}
        </PullToRefresh>
      </div>
    </>
  );
}

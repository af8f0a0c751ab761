import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, type StatementKindFilter, statementKindFilterNames, type WalletType, walletTypes } from '@bolsa/contracts';
import { PullToRefresh } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { ListEnd } from '../../../components/list-end.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import { useWalletBill } from '../api/get-wallet-bill.ts';
import { StatementRow } from '../components/statement-row.tsx';
import './statement-page.css';

/** /pages/profile/transaction: every ledger line of the user's wallets in words, newest first, filterable by wallet, kind and dates. */
export function StatementPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const [walletType, setWalletType] = useState<WalletType | ''>('');
  const [kind, setKind] = useState<StatementKindFilter | ''>('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const bill = useWalletBill({
    ...(walletType ? { walletType } : {}),
    ...(kind ? { kind } : {}),
    ...(fromDate ? { fromDate } : {}),
    ...(toDate ? { toDate } : {}),
  });
  const rows = bill.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <>
      <NavBar title={t('wallet.statementTitle')} />
      <div className="page-body">
        <FormSelect
          label={t('fields.walletType')}
          value={walletType}
          placeholder={t('wallet.allWallets')}
          options={walletTypes.map((type) => ({ value: type, label: t(walletLabelKey(type)) }))}
          onValueChange={(value) => setWalletType(value as WalletType | '')}
        />
        <FormSelect
          label={t('wallet.kindFilter')}
          value={kind}
          placeholder={t('wallet.allKinds')}
          options={statementKindFilterNames.map((name) => ({ value: name, label: t(`wallet.kinds.${name}`) }))}
          onValueChange={(value) => setKind(value as StatementKindFilter | '')}
        />
        <div className="statement-dates">
          <FormField
            label={t('wallet.fromDate')}
            name="fromDate"
            type="date"
            value={fromDate}
            max={toDate || undefined}
            onValueChange={setFromDate}
          />
          <FormField
            label={t('wallet.toDate')}
            name="toDate"
            type="date"
            value={toDate}
            min={fromDate || undefined}
            onValueChange={setToDate}
          />
        </div>
        <PullToRefresh onRefresh={async () => void (await bill.refetch())}>
          {bill.isPending ? (
            <ListSkeleton rows={5} />
          ) : bill.isError && rows.length === 0 ? (
            <EmptyState title={t('wallet.loadFailed')}>
              <button type="button" className="button button-primary" onClick={() => void bill.refetch()}>
                {t('common.retry')}
              </button>
            </EmptyState>
          ) : rows.length === 0 ? (
            <EmptyState icon={<BillOutline />} title={t('wallet.statementEmpty')} description={t('wallet.statementEmptyDescription')} />
          ) : (
            <ul className="statement-list" aria-label={t('wallet.statementTitle')}>
              {rows.map((row) => (
                <StatementRow key={row.id} bill={row} locale={locale} />
              ))}
            </ul>
          )}
          {rows.length > 0 ? (
            <ListEnd
              hasMore={bill.hasNextPage}
              loadMore={async () => {
                const result = await bill.fetchNextPage();
                // InfiniteScroll offers its own retry when loading more throws.
                if (result.isError) throw result.error;
              }}
            />
          ) : null}
        </PullToRefresh>
      </div>
    </>
  );
}

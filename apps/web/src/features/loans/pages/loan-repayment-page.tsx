import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, loanWalletTypes } from '@bolsa/contracts';
import { BillOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AmountField } from '../../../components/amount-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import { type Loan, useLoanWallets, useRepayLoan, useUserLoans } from '../api/loans-api.ts';
import { LoanItem } from '../components/loan-item.tsx';
import '../loans.css';

type LoanWallet = (typeof loanWalletTypes)[number];
const isAmount = (text: string) => /^\d+(\.\d{1,2})?$/.test(text) && Number(text) > 0;

function RepayForm({ loan, locale }: { loan: Loan; locale: Locale }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [walletType, setWalletType] = useState<LoanWallet>(loan.walletType);
  const [error, setError] = useState<string | undefined>();
  const [split, setSplit] = useState<string | undefined>();
  const wallets = useLoanWallets();
  const repay = useRepayLoan();
  const submission = useSubmissionKey();
  const available = wallets.data?.wallets.find((wallet) => wallet.walletType === walletType)?.availableBalance;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isAmount(amount)) {
      setError(amount === '' ? t('validation.required') : t('validation.amount'));
      return;
    }
    setError(undefined);
    const body = { loanId: loan.id, amount, walletType };
    try {
      const result = await repay.mutateAsync({ ...body, idempotencyKey: submission.keyFor(JSON.stringify(body)) });
      submission.settle();
      setAmount('');
      const money = (value: string) => formatMoney(value, locale);
      // The split stays on the page (a toast is too short-lived and narrow for four amounts).
      setSplit(
        t('loan.repaid', {
          amount: money(result.amount),
          interest: money(result.toInterest),
          penalty: money(result.toPenalty),
          principal: money(result.toPrincipal),
        }),
      );
      showToast(result.loan.status === 'repaid' ? t('loan.repaidInFull') : t('loan.repaidToast'), 'success');
    } catch (failure) {
      if (!isAnswerUnknown(failure)) submission.settle();
      showError(failure);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <FormSelect
        label={t('loan.repayFrom')}
        name="walletType"
        value={walletType}
        options={loanWalletTypes.map((type) => ({ value: type, label: t(walletLabelKey(type)) }))}
        onValueChange={(value) => setWalletType(value as LoanWallet)}
        hint={available ? t('loan.available', { amount: formatMoney(available, locale) }) : undefined}
      />
      <AmountField
        label={t('loan.repayAmount')}
        name="amount"
        locale={locale}
        value={amount}
        onValueChange={setAmount}
        error={error}
        addon={
          <button type="button" className="send-code-button" onClick={() => setAmount(loan.totalDebt)}>
            {t('loan.repayAll')}
          </button>
        }
      />
      {split ? (
        <p className="notice loan-split" role="status">
          {split}
        </p>
      ) : null}
      <p className="form-note">{t('loan.repayOrder')}</p>
      <button type="submit" className="button button-primary button-block" disabled={repay.isPending}>
        {t('loan.repay')}
      </button>
    </form>
  );
}

/** /pages/loan/repayment: a loan in use (the one in `id`, else the oldest due), what it owes by part, and repaying all or part. */
export function LoanRepaymentPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [params] = useSearchParams();
  const loans = useUserLoans();
  const inUse = (loans.data?.loans ?? []).filter((loan) => loan.status === 'in_use');
  const loan = inUse.find((row) => row.id === params.get('id')) ?? inUse.at(-1);
  return (
    <>
      <NavBar title={t('loan.repaymentTitle')} />
      <div className="page-body">
        {loans.isPending ? (
          <ListSkeleton rows={3} />
        ) : !loan ? (
          <EmptyState icon={<BillOutline />} title={loans.isError ? t('wallet.loadFailed') : t('loan.noLoansInUse')}>
            <Link className="button button-default" to={pagePath('loanRecord')}>
              {t('loan.records')}
            </Link>
          </EmptyState>
        ) : (
          <>
            <ul className="loan-list">
              <LoanItem loan={loan} locale={locale} />
            </ul>
            <RepayForm key={loan.id} loan={loan} locale={locale} />
          </>
        )}
      </div>
    </>
  );
}

import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, loanWalletTypes } from '@bolsa/contracts';
import { type FormEvent, useDeferredValue, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
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
import { type LoanRates, useApplyLoan, useLoanRates } from '../api/loans-api.ts';
import { CreditScoreCard } from '../components/credit-score-card.tsx';
import { percentText } from '../components/loan-format.ts';
import { TermsCard } from '../components/terms-card.tsx';
import '../loans.css';

const isAmount = (text: string) => /^\d+(\.\d{1,2})?$/.test(text) && Number(text) > 0;

function ProductChoice({ rates, value, onChange }: { rates: LoanRates; value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <fieldset className="loan-products">
      <legend className="form-field-label">{t('loan.product')}</legend>
      <div className="segmented-options">
        {rates.products.map((product) => (
          <button
            key={product.id}
            type="button"
            className={`segmented-option${product.id === value ? ' is-selected' : ''}`}
            aria-pressed={product.id === value}
            onClick={() => onChange(product.id)}
          >
            {t('loan.periodDays', { value: product.periodDays })}
            <small>
              {percentText(product.dailyRate, locale)} {t('loan.perDay')}
            </small>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function useApplication(terms: LoanRates['terms'], walletType: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const apply = useApplyLoan();
  const submission = useSubmissionKey();
  const submit = async () => {
    if (!terms) return;
    const body = {
      productId: terms.productId,
      amount: terms.amount,
      walletType: walletType as (typeof loanWalletTypes)[number],
      confirmedTotalRepay: terms.totalRepay,
    };
    try {
      await apply.mutateAsync({ ...body, idempotencyKey: submission.keyFor(JSON.stringify(body)) });
      submission.settle();
      showToast(t('loan.applied'), 'success');
      navigate(pagePath('loanRecord'));
    } catch (error) {
      if (!isAnswerUnknown(error)) submission.settle();
      showError(error);
    }
  };
  return { submit, isPending: apply.isPending };
}

/** /pages/loan/index: the score and its limit, the products, and every cost of an amount before applying. */
export function LoanPage() {
  const { t } = useTranslation();
  const locale: Locale = currentLocale();
  const [productId, setProductId] = useState<string>('');
  const [amount, setAmount] = useState('');
  const [walletType, setWalletType] = useState<string>('BALANCE');
  const [isTouched, setTouched] = useState(false);
  const typed = useDeferredValue(amount);
  const base = useLoanRates({});
  const rates = useLoanRates(isAmount(typed) && productId ? { amount: typed, productId } : {});
  const products = base.data?.products ?? [];
  useEffect(() => {
    if (!productId && products[0]) setProductId(products[0].id);
  }, [productId, products]);
  const product = products.find((row) => row.id === productId);
  const terms = isAmount(typed) && rates.data?.terms?.amount && rates.data.terms.productId === productId ? rates.data.terms : null;
  const application = useApplication(terms, walletType);
  const hasNoLimit = base.data?.credit.available === '0.00';
  const amountError =
    isTouched && amount === '' ? t('validation.loanAmount') : isTouched && !isAmount(amount) ? t('validation.amount') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (terms && isAmount(amount)) void application.submit();
  };

  return (
    <>
      <NavBar title={t('loan.title')} />
      <div className="page-body">
        {base.isPending ? (
          <ListSkeleton rows={4} />
        ) : !base.data || products.length === 0 ? (
          <EmptyState title={base.isError ? t('wallet.loadFailed') : t('loan.noProducts')} />
        ) : (
          <>
            <p className="form-note loan-intro">{t('loan.intro')}</p>
            <CreditScoreCard credit={base.data.credit} locale={locale} />
            {hasNoLimit ? (
              <p className="notice notice-warning loan-notice" role="status">
                {t('loan.noLimit')}
              </p>
            ) : null}
            <form className="form" onSubmit={submit} noValidate>
              <ProductChoice rates={base.data} value={productId} onChange={setProductId} />
              <AmountField
                label={t('loan.amount')}
                name="amount"
                locale={locale}
                value={amount}
                onValueChange={setAmount}
                hint={
                  product
                    ? t('loan.amountRange', { min: formatMoney(product.minAmount, locale), max: formatMoney(product.maxAmount, locale) })
                    : undefined
                }
                error={amountError}
              />
              <FormSelect
                label={t('loan.wallet')}
                name="walletType"
                value={walletType}
                options={loanWalletTypes.map((type) => ({ value: type, label: t(walletLabelKey(type)) }))}
                onValueChange={setWalletType}
              />
              {terms ? (
                <TermsCard terms={terms} locale={locale} />
              ) : (
                <p className="form-note">{isAmount(typed) && rates.isFetching ? t('common.loading') : t('loan.termsEmpty')}</p>
              )}
              <button
                type="submit"
                className="button button-primary button-block"
                disabled={application.isPending || hasNoLimit || (isTouched && !terms)}
              >
                {t('loan.apply')}
              </button>
              <Link className="button button-default button-block" to={pagePath('loanRecord')}>
                {t('loan.records')}
              </Link>
            </form>
          </>
        )}
      </div>
    </>
  );
}

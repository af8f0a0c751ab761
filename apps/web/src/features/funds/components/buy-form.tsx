import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { type FormEvent, useState } from 'react';
import { AmountField } from '../../../components/amount-field.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { type FundProduct, useBuyFund } from '../api/funds-api.ts';

export const isAmount = (text: string) => /^\d+(\.\d{1,2})?$/.test(text) && Number(text) > 0;

/** Buys the chosen product from the general balance; a period product is bought at the rate shown, and its rules are repeated. */
export function BuyForm({ product, locale }: { product: FundProduct; locale: Locale }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const buy = useBuyFund();
  const submission = useSubmissionKey();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isAmount(amount)) {
      setError(amount === '' ? t('validation.required') : t('validation.amount'));
      return;
    }
    setError(undefined);
    const body = { productId: product.id, amount, ...(product.kind === 'period' ? { confirmedRateBps: product.rateBps ?? 0 } : {}) };
    try {
      await buy.mutateAsync({ ...body, idempotencyKey: submission.keyFor(JSON.stringify(body)) });
      submission.settle();
      setAmount('');
      showToast(t('fund.bought', { amount: formatMoney(amount, locale), name: product.name }), 'success');
    } catch (failure) {
      if (!isAnswerUnknown(failure)) submission.settle();
      showError(failure);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('fund.buyTitle', { name: product.name })}>
      <AmountField
        label={t('fund.amount')}
        name="amount"
        locale={locale}
        value={amount}
        onValueChange={setAmount}
        hint={t('fund.fromBalance')}
        error={error}
      />
      <p className="form-note">
        {product.kind === 'current' ? t('fund.currentRule') : t('fund.periodRule', { days: product.periodDays ?? 0 })}
      </p>
      <button type="submit" className="button button-primary button-block" disabled={buy.isPending}>
        {t('fund.buy')}
      </button>
    </form>
  );
}

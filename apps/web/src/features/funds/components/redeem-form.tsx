import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { type FormEvent, useState } from 'react';
import { AmountField } from '../../../components/amount-field.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { type FundHolding, type RedemptionQuote, useRedeem, useRedeemQuote } from '../api/funds-api.ts';
import { isAmount } from './buy-form.tsx';
import { timeText } from './fund-format.ts';

/** What the redemption pays now and later, and when: shown before the user confirms. */
function QuoteFacts({ quote, locale }: { quote: RedemptionQuote; locale: Locale }) {
  const { t } = useTranslation();
  const money = (value: string) => formatMoney(value, locale);
  const facts: Array<[string, string]> = [
    [t('fund.instantNow'), money(quote.instantAmount)],
    ...(quote.deferredAmount !== '0.00' && quote.arrivalTimestamp
      ? [[t('fund.deferredAt', { time: timeText(quote.arrivalTimestamp) }), money(quote.deferredAmount)] as [string, string]]
      : []),
    ...(quote.fee !== '0.00' ? [[t('fund.earlyFee'), money(quote.fee)] as [string, string]] : []),
    [t('fund.payout'), money(quote.payout)],
  ];
  return (
    <section className="fund-quote" aria-label={t('fund.quoteTitle')}>
      <dl className="fund-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="fund-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {quote.isEarly ? <p className="fund-note">{t('fund.earlyNote')}</p> : null}
    </section>
  );
}

/** Redeems a holding in two steps: see the quote (instant part, the rest and its arrival, any fee), then confirm. */
export function RedeemForm({ holding, locale, onDone }: { holding: FundHolding; locale: Locale; onDone: () => void }) {
  const { t } = useTranslation();
  const isWhole = holding.kind === 'period';
  const [amount, setAmount] = useState(isWhole ? holding.balance : '');
  const [error, setError] = useState<string | undefined>();
  const quote = useRedeemQuote();
  const redeem = useRedeem();
  const submission = useSubmissionKey();

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    if (!isAmount(amount)) return setError(amount === '' ? t('validation.required') : t('validation.amount'));
    setError(undefined);
    quote.mutate({ holdingId: holding.id, amount }, { onError: showError });
  };
  const confirm = async () => {
    const body = { holdingId: holding.id, amount };
    try {
      const order = await redeem.mutateAsync({ ...body, idempotencyKey: submission.keyFor(JSON.stringify(body)) });
      submission.settle();
      showToast(order.status === 'pending' ? t('fund.redeemedPart') : t('fund.redeemed'), 'success');
      onDone();
    } catch (failure) {
      if (!isAnswerUnknown(failure)) submission.settle();
      showError(failure);
    }
  };

  return (
    <form
      className="form"
      onSubmit={(event) => void ask(event)}
      noValidate
      aria-label={t('fund.redeemTitle', { name: holding.productName })}
    >
      <AmountField
        label={t('fund.redeemAmount')}
        name="redeemAmount"
        readOnly={isWhole}
        locale={locale}
        value={amount}
        onValueChange={(value) => {
          setAmount(value);
          quote.reset();
        }}
        hint={isWhole ? t('fund.redeemWhole') : t('fund.redeemHint', { amount: formatMoney(holding.balance, locale) })}
        error={error}
      />
      {quote.data ? <QuoteFacts quote={quote.data} locale={locale} /> : null}
      {quote.data ? (
        <button type="button" className="button button-primary button-block" onClick={() => void confirm()} disabled={redeem.isPending}>
          {t('fund.confirmRedeem')}
        </button>
      ) : (
        <button type="submit" className="button button-primary button-block" disabled={quote.isPending}>
          {t('fund.seeRedemption')}
        </button>
      )}
    </form>
  );
}

import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, withdrawalApplyBody } from '@bolsa/contracts';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { FormSelect } from '../../../components/form-select.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currencySymbolOf, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useApplyWithdrawal } from '../api/apply-withdrawal.ts';
import { useBankCards } from '../api/get-bank-cards.ts';
import { useUsableWithdrawal } from '../api/get-usable-withdrawal.ts';
import { PayPasswordNotice } from '../components/pay-password-notice.tsx';
import { UsableAmount } from '../components/usable-amount.tsx';
import { useWithdrawFlow } from '../components/use-withdraw-flow.tsx';
import { WithdrawAmountField } from '../components/withdraw-amount-field.tsx';
import { WithdrawMethodTabs } from '../components/withdraw-method-tabs.tsx';
import '../funding.css';

/** The bank-card branch of the contract body, without what the pad adds (password and key). */
const bankFormSchema = withdrawalApplyBody.options[0].pick({ method: true, cardId: true, amount: true });

/** /pages/withdraw/bcard: withdraw to one of the user's saved bank cards, confirmed with the transaction password. */
export function WithdrawBankPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const cards = useBankCards();
  const usable = useUsableWithdrawal();
  const apply = useApplyWithdrawal();
  const form = useForm(bankFormSchema, { method: 'bank', cardId: '', amount: '' });
  const flow = useWithdrawFlow(
    (body: { cardId: number; amount: string }, payPassword: string, idempotencyKey: string, secondFactor: { otpCode?: string }) =>
      apply.mutateAsync({ method: 'bank', ...body, payPassword, idempotencyKey, ...secondFactor }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    const card = cards.data?.find((item) => item.id === String(body.cardId));
    flow.start(
      { cardId: body.cardId, amount: body.amount },
      t('funding.withdrawSummary', {
        amount: formatMoney(body.amount, locale, currencySymbolOf(usable.data?.currency ?? 'USD')),
        destination: card ? `${card.bankName} ${card.cardNumberMasked}` : '',
      }),
    );
  };

  return (
    <>
      <NavBar title={t('funding.withdrawTitle')} />
      <div className="page-body">
        <WithdrawMethodTabs />
        {flow.identityNotice}
        {flow.isUserKnown && !flow.hasPayPassword ? <PayPasswordNotice /> : null}
        <UsableAmount usable={usable.data} isPending={usable.isPending} locale={locale} />
        {cards.isPending ? (
          <ListSkeleton rows={2} />
        ) : (
          <form className="form" onSubmit={submit} noValidate>
            {cards.data && cards.data.length > 0 ? (
              <FormSelect
                label={t('fields.cardId')}
                value={form.values.cardId}
                placeholder={t('funding.chooseCard')}
                options={cards.data.map((card) => ({ value: card.id, label: `${card.bankName} · ${card.cardNumberMasked}` }))}
                onValueChange={(value) => form.setValue('cardId', value)}
                error={form.errors.cardId ? t('errors.CARD_NOT_FOUND') : undefined}
              />
            ) : (
              <div className="notice">
                <p className="notice-text">{t('funding.noCardsForWithdrawal')}</p>
              </div>
            )}
            <Link className="inline-link" to={pagePath('bankCardEdit')}>
              {t('funding.addCard')}
            </Link>
            <WithdrawAmountField
              value={form.values.amount}
              onValueChange={(value) => form.setValue('amount', value)}
              usableAmount={usable.data?.amount}
              currency={usable.data?.currency}
              error={form.errors.amount ? t(form.errors.amount) : undefined}
            />
            <button type="submit" className="button button-primary button-block" disabled={apply.isPending}>
              {t('funding.withdrawSubmit')}
            </button>
          </form>
        )}
      </div>
      {flow.pad}
    </>
  );
}

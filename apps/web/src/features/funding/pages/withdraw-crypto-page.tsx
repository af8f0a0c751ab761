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
import { useUsableWithdrawal } from '../api/get-usable-withdrawal.ts';
import { useWithdrawalAddresses } from '../api/get-withdrawal-addresses.ts';
import { PayPasswordNotice } from '../components/pay-password-notice.tsx';
import { UsableAmount } from '../components/usable-amount.tsx';
import { useWithdrawFlow } from '../components/use-withdraw-flow.tsx';
import { WithdrawAmountField } from '../components/withdraw-amount-field.tsx';
import { WithdrawMethodTabs } from '../components/withdraw-method-tabs.tsx';
import '../funding.css';

/** An address shortened for a list: the first 6 and last 4 characters. */
function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** The crypto-address branch of the contract body, without what the pad adds (password and key). */
const cryptoFormSchema = withdrawalApplyBody.options[1].pick({ method: true, addressId: true, amount: true });

/** /pages/withdraw/vm: withdraw to one of the user's saved crypto addresses, confirmed with the transaction password. */
export function WithdrawCryptoPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const addresses = useWithdrawalAddresses();
  const usable = useUsableWithdrawal();
  const apply = useApplyWithdrawal();
  const form = useForm(cryptoFormSchema, { method: 'crypto', addressId: '', amount: '' });
  const flow = useWithdrawFlow(
    (body: { addressId: number; amount: string }, payPassword: string, idempotencyKey: string, secondFactor: { otpCode?: string }) =>
      apply.mutateAsync({ method: 'crypto', ...body, payPassword, idempotencyKey, ...secondFactor }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    const address = addresses.data?.find((item) => item.id === String(body.addressId));
    flow.start(
      { addressId: body.addressId, amount: body.amount },
      t('funding.withdrawSummary', {
        amount: formatMoney(body.amount, locale, currencySymbolOf(usable.data?.currency ?? 'USD')),
        destination: address ? `${address.network} ${shortAddress(address.address)}` : '',
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
        {addresses.isPending ? (
          <ListSkeleton rows={2} />
        ) : (
          <form className="form" onSubmit={submit} noValidate>
            {addresses.data && addresses.data.length > 0 ? (
              <FormSelect
                label={t('fields.addressId')}
                value={form.values.addressId}
                placeholder={t('funding.chooseAddress')}
                options={addresses.data.map((item) => ({
                  value: item.id,
                  label: `${item.label ? `${item.label} · ` : ''}${item.network} · ${shortAddress(item.address)}`,
                }))}
                onValueChange={(value) => form.setValue('addressId', value)}
                error={form.errors.addressId ? t('errors.ADDRESS_NOT_FOUND') : undefined}
              />
            ) : (
              <div className="notice">
                <p className="notice-text">{t('funding.noAddressesForWithdrawal')}</p>
              </div>
            )}
            <Link className="inline-link" to={pagePath('cryptoAddresses')}>
              {t('funding.manageAddresses')}
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

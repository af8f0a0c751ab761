import { useTranslation } from '@bolsa/client-kit/i18n';
import { japaneseAccountTypes, type Locale, otherWithdrawalApplyBody } from '@bolsa/contracts';
import { withdrawalRoutes } from '@bolsa/contracts/routes';
import type { FormEvent } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { currencySymbolOf, formatMoney, formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { showError } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { type OtherWithdrawalApplyInput, useApplyOtherWithdrawal } from '../api/apply-withdrawal.ts';
import { useUsableWithdrawal } from '../api/get-usable-withdrawal.ts';
import { PayPasswordNotice } from '../components/pay-password-notice.tsx';
import { UsableAmount } from '../components/usable-amount.tsx';
import { useWithdrawFlow } from '../components/use-withdraw-flow.tsx';
import { WithdrawAmountField } from '../components/withdraw-amount-field.tsx';
import { WithdrawMethodTabs } from '../components/withdraw-method-tabs.tsx';
import '../funding.css';

/** The contract body without what the pad adds; the withdrawal password is the pay password. */
const otherFormSchema = otherWithdrawalApplyBody.omit({ payPassword: true, idempotencyKey: true, quoteId: true });
type OtherForm = Omit<OtherWithdrawalApplyInput, 'payPassword' | 'otpCode' | 'idempotencyKey' | 'quoteId'>;
type QuotedForm = OtherForm & { quoteId: string };
type TextField = 'institutionName' | 'branchNumber' | 'branchName' | 'accountNumber' | 'recipientName';

const textFields: ReadonlyArray<{ name: TextField; isNumeric?: boolean; maxLength: number }> = [
  { name: 'institutionName', maxLength: 50 },
  { name: 'branchNumber', isNumeric: true, maxLength: 3 },
  { name: 'branchName', maxLength: 50 },
  { name: 'accountNumber', isNumeric: true, maxLength: 7 },
  { name: 'recipientName', maxLength: 50 },
];

/** /pages/withdraw/other: withdrawal to a Japanese yen bank account typed in full. */
export function WithdrawOtherPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const usable = useUsableWithdrawal();
  const apply = useApplyOtherWithdrawal();
  const form = useForm(otherFormSchema, {
    institutionName: '',
    branchNumber: '',
    branchName: '',
    accountNumber: '',
    accountType: 'ordinary',
    recipientName: '',
    amount: '',
  });
  const flow = useWithdrawFlow((body: QuotedForm, payPassword: string, idempotencyKey: string, secondFactor: { otpCode?: string }) =>
    apply.mutateAsync({ ...body, payPassword, idempotencyKey, ...secondFactor }),
  );

  // The yen paid is quoted before the pad opens (honoured 30 s), so the person confirms the yen they will receive.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    const quote = await callApi(withdrawalRoutes.yenQuote, { body: { amount: body.amount } }).catch((error: unknown) => {
      showError(error);
      return undefined;
    });
    if (!quote) return;
    flow.start(
      { ...body, quoteId: quote.quoteId },
      t('funding.yenWithdrawSummary', {
        amount: formatMoney(body.amount, locale, currencySymbolOf(usable.data?.currency ?? 'USD')),
        yen: `¥${formatNumber(quote.toAmount, locale, { decimals: 0 })}`,
        rate: quote.rate,
        destination: `${body.institutionName} ${body.branchNumber}-${body.accountNumber}`,
      }),
    );
  };

  const fieldError = (name: keyof OtherForm) => {
    const key = form.errors[name];
    return key ? t(key) : undefined;
  };

  return (
    <>
      <NavBar title={t('funding.withdrawTitle')} />
      <div className="page-body">
        <WithdrawMethodTabs />
        {flow.identityNotice}
        {flow.isUserKnown && !flow.hasPayPassword ? <PayPasswordNotice /> : null}
        <UsableAmount usable={usable.data} isPending={usable.isPending} locale={locale} />
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="form-note">{t('funding.yenIntro')}</p>
          {textFields.map((field) => (
            <FormField
              key={field.name}
              label={t(`fields.${field.name}`)}
              name={field.name}
              autoComplete="off"
              maxLength={field.maxLength}
              inputMode={field.isNumeric ? 'numeric' : undefined}
              value={form.values[field.name]}
              onValueChange={(value) => form.setValue(field.name, field.isNumeric ? value.replace(/\D/g, '') : value)}
              error={fieldError(field.name)}
            />
          ))}
          <FormSelect
            label={t('fields.accountType')}
            name="accountType"
            value={form.values.accountType}
            options={japaneseAccountTypes.map((type) => ({ value: type, label: t(`funding.yenAccountTypes.${type}`) }))}
            onValueChange={(value) => form.setValue('accountType', value)}
          />
          <WithdrawAmountField
            value={form.values.amount}
            onValueChange={(value) => form.setValue('amount', value)}
            usableAmount={usable.data?.amount}
            currency={usable.data?.currency}
            error={fieldError('amount')}
          />
          <p className="form-note">{t('funding.yenRateNote')}</p>
          <p className="form-note">{t('funding.withdrawPasswordNote')}</p>
          <button type="submit" className="button button-primary button-block" disabled={apply.isPending}>
            {t('funding.withdrawSubmit')}
          </button>
        </form>
      </div>
      {flow.pad}
    </>
  );
}

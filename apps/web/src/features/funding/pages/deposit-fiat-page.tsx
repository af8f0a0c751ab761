import { useTranslation } from '@bolsa/client-kit/i18n';
import { depositCreateBody } from '@bolsa/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AmountField } from '../../../components/amount-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useCreateDeposit } from '../api/create-deposit.ts';
import { useDepositMethods } from '../api/get-deposit-methods.ts';
import { ReceivingAccountCard } from '../components/receiving-account-card.tsx';
import '../funding.css';

/**
 * The reference this visit showed first. The server issues a new one on each reading of the methods, and
 * the page reads them again (focus, a live event); the user may have copied the first into their bank's
 * transfer, so that one stays on screen and goes with the deposit.
 */
function useFirstReference(latest: string | undefined): string | undefined {
  const [first, setFirst] = useState(latest);
  useEffect(() => {
    if (first === undefined && latest !== undefined) setFirst(latest);
  }, [first, latest]);
  return first ?? latest;
}

/**
 * /pages/deposit/fiat: the user chooses what the money is for (the wallet credited on approval, issue 15
 * §3), sees where to send it and the reference of this deposit (§4), makes the bank transfer, and tells
 * us the amount with a screenshot. An operator reviews it before the wallet is credited.
 */
export function DepositFiatPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useDepositMethods();
  const createDeposit = useCreateDeposit();
  const form = useForm(depositCreateBody, { method: 'fiat', walletType: 'BALANCE', amount: '', screenshotUrl: '' });
  const reference = useFirstReference(methods.data?.fiat.reference);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    createDeposit.mutate(body.method === 'fiat' && reference ? { ...body, reference } : body, {
      onSuccess: () => {
        showToast(t('funding.depositSubmitted'), 'success');
        navigate(pagePath('depositRecord'), { replace: true });
      },
      onError: showError,
    });
  };

  const currencies = methods.data?.fiat.currencies ?? [];
  const currency = currencies.find((item) => item.walletType === form.values.walletType)?.currency ?? 'USD';
  const account = methods.data?.fiat.receivingAccounts.find((item) => item.currency === currency);
  const amountError = form.errors.amount ? t(form.errors.amount) : undefined;
  const walletError = form.errors.walletType ? t(form.errors.walletType) : undefined;
  // An empty screenshot is the spec's "upload recharge screenshot first".
  const screenshotError = form.errors.screenshotUrl ? t('errors.SCREENSHOT_MISSING') : undefined;

  return (
    <>
      <NavBar title={t('funding.depositFiatTitle')} />
      <div className="page-body">
        {methods.isPending ? (
          <ListSkeleton rows={3} />
        ) : (
          <form className="form" onSubmit={submit} noValidate>
            <p className="form-note">{t('funding.fiatIntro')}</p>
            <FormSelect
              label={t('funding.depositForLabel')}
              value={form.values.walletType}
              options={currencies.map((item) => ({ value: item.walletType, label: t(`funding.depositFor.${item.walletType}`) }))}
              onValueChange={(value) => form.setValue('walletType', value)}
              error={walletError}
              hint={t('funding.depositForHint')}
            />
            {reference ? <ReceivingAccountCard account={account} currency={currency} reference={reference} /> : null}
            <AmountField
              label={t('fields.amount')}
              name="amount"
              locale={currentLocale()}
              value={form.values.amount}
              onValueChange={(value) => form.setValue('amount', value)}
              error={amountError}
            />
            <ImageUpload
              label={t('fields.screenshotUrl')}
              value={form.values.screenshotUrl}
              onUploaded={(url) => form.setValue('screenshotUrl', url)}
              error={screenshotError}
            />
            <button type="submit" className="button button-primary button-block" disabled={createDeposit.isPending}>
              {createDeposit.isPending ? t('common.loading') : t('funding.submitDeposit')}
            </button>
          </form>
        )}
      </div>
    </>
  );
}

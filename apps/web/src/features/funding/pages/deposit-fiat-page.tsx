import { depositCreateBody } from '@bolsa/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import { useCreateDeposit } from '../api/create-deposit.ts';
import { useDepositMethods } from '../api/get-deposit-methods.ts';

/**
 * /pages/deposit/fiat: the user has made a bank transfer and tells us the amount and the wallet,
 * with a screenshot of the transfer. An operator reviews it before the wallet is credited.
 */
export function DepositFiatPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useDepositMethods();
  const createDeposit = useCreateDeposit();
  const form = useForm(depositCreateBody, { method: 'fiat', walletType: 'BALANCE', amount: '', screenshotUrl: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    createDeposit.mutate(body, {
      onSuccess: () => {
        showToast(t('funding.depositSubmitted'), 'success');
        navigate(pagePath('depositRecord'), { replace: true });
      },
      onError: showError,
    });
  };

  const currencies = methods.data?.fiat.currencies ?? [];
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
              label={t('funding.depositWallet')}
              value={form.values.walletType}
              options={(currencies.length > 0 ? currencies : [{ walletType: 'BALANCE' as const, currency: 'USD' as const }]).map(
                (item) => ({
                  value: item.walletType,
                  label: t(walletLabelKey(item.walletType)).includes(item.currency)
                    ? t(walletLabelKey(item.walletType))
                    : `${t(walletLabelKey(item.walletType))} (${item.currency})`,
                }),
              )}
              onValueChange={(value) => form.setValue('walletType', value)}
              error={walletError}
            />
            <FormField
              label={t('fields.amount')}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={form.values.amount}
              onValueChange={(value) => form.setValue('amount', value.replace(',', '.'))}
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

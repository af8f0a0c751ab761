import { useTranslation } from '@bolsa/client-kit/i18n';
import { depositCreateBody } from '@bolsa/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AmountField } from '../../../components/amount-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useCreateDeposit } from '../api/create-deposit.ts';
import { useDepositMethods } from '../api/get-deposit-methods.ts';
import '../funding.css';

/**
 * /pages/deposit/wallet: the user's deposit address per network, as a QR code and text to copy,
 * and a form to tell us the amount and transaction hash once sent.
 */
export function DepositCryptoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useDepositMethods();
  const createDeposit = useCreateDeposit();
  const networks = methods.data?.crypto ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const network = networks.find((item) => item.network === chosen) ?? networks[0];
  const form = useForm(depositCreateBody, { method: 'crypto', network: '', amount: '', txHash: '' });
  const { setValue } = form;
  const networkName = network?.network ?? '';

  // The form sends the network on screen (the first one until the user picks another).
  useEffect(() => {
    setValue('network', networkName);
  }, [networkName, setValue]);

  const copy = async () => {
    if (!network) return;
    const isCopied = await copyText(network.address);
    showToast(isCopied ? t('common.copySuccess') : t('common.copyFailed'), isCopied ? 'success' : 'fail');
  };

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

  const fieldError = (name: 'amount' | 'txHash') => {
    const key = form.errors[name];
    return key ? t(key) : undefined;
  };

  return (
    <>
      <NavBar title={t('funding.depositCryptoTitle')} />
      <div className="page-body">
        {methods.isPending ? (
          <ListSkeleton rows={4} />
        ) : !network ? (
          <EmptyState title={t('funding.noMethods')} />
        ) : (
          <>
            <fieldset className="segmented">
              <legend className="form-field-label">{t('fields.network')}</legend>
              <div className="segmented-options">
                {networks.map((item) => (
                  <label key={item.network} className={`segmented-option${item.network === network.network ? ' is-selected' : ''}`}>
                    <input
                      type="radio"
                      name="network"
                      className="visually-hidden"
                      value={item.network}
                      checked={item.network === network.network}
                      onChange={() => setChosen(item.network)}
                    />
                    {item.network} · {item.currency}
                  </label>
                ))}
              </div>
            </fieldset>
            <section className="deposit-address" aria-labelledby="deposit-address-title">
              <h2 id="deposit-address-title" className="section-title">
                {t('funding.depositAddress', { network: network.network })}
              </h2>
              <QrCode value={network.address} alt={t('funding.addressQrAlt', { network: network.network })} />
              <p className="deposit-address-text">{network.address}</p>
              <button type="button" className="button button-small button-default" onClick={() => void copy()}>
                {t('funding.copyAddress')}
              </button>
            </section>
            <ul className="notice-list">
              <li>{t('funding.confirmationsNote', { count: network.confirmationsRequired })}</li>
              <li>{t('funding.minimumNote', { amount: network.depositMinimum, currency: network.currency })}</li>
            </ul>
            <form className="form" onSubmit={submit} noValidate>
              <AmountField
                label={t('fields.amount')}
                name="amount"
                locale={currentLocale()}
                value={form.values.amount}
                onValueChange={(value) => form.setValue('amount', value)}
                error={fieldError('amount')}
              />
              <FormField
                label={t('fields.txHash')}
                name="txHash"
                autoComplete="off"
                spellCheck={false}
                value={form.values.txHash}
                onValueChange={(value) => form.setValue('txHash', value.trim())}
                error={fieldError('txHash')}
              />
              <button type="submit" className="button button-primary button-block" disabled={createDeposit.isPending}>
                {createDeposit.isPending ? t('common.loading') : t('funding.submitCryptoDeposit')}
              </button>
            </form>
          </>
        )}
      </div>
    </>
  );
}

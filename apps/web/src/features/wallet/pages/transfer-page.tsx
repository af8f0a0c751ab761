import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import {
  currencyOfWallet,
  FX_QUOTE_VALIDITY_MS,
  type Locale,
  resultCodeOf,
  transferApi,
  type WalletType,
  walletTypes,
} from '@bolsa/contracts';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { type FormEvent, useEffect, useState } from 'react';
import { AmountField } from '../../../components/amount-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currencySymbolOf, formatMoney, toMilliseconds, truncateDecimal } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import { useCancelTransfer } from '../api/cancel-transfer.ts';
import { type TransferQuote, useTransferQuote } from '../api/get-transfer-quote.ts';
import { useWallets } from '../api/get-wallets.ts';
import { type TransferResult, useTransfer } from '../api/transfer.ts';
import { QuoteCard } from '../components/quote-card.tsx';
import '../wallet.css';

/** The server honours a quote this long. */
export const QUOTE_VALIDITY_MS = FX_QUOTE_VALIDITY_MS;

type HeldQuote = { quote: TransferQuote; deadlineMs: number };

/**
 * The local deadline of a quote. The server's expiry is used when it lies within the next 30 s;
 * a client clock that disagrees with the server falls back to 30 s from receipt.
 */
function deadlineOf(quote: TransferQuote, receivedAtMs: number): number {
  const remainingMs = toMilliseconds(quote.expiresAtTimestamp) - receivedAtMs;
  return receivedAtMs + (remainingMs > 0 && remainingMs <= QUOTE_VALIDITY_MS ? remainingMs : QUOTE_VALIDITY_MS);
}

/** Ticks once a second while a quote is on screen. */
function useNow(isActive: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isActive) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [isActive]);
  return now;
}

type TransferBody = { fromWalletType: WalletType; toWalletType: WalletType; amount: string };

function useTransferForm() {
  return useForm(transferApi.transferQuote.body, { fromWalletType: 'BALANCE', toWalletType: 'STOCK', amount: '' });
}

type TransferActionsInput = {
  form: ReturnType<typeof useTransferForm>;
  setHeld: (held: HeldQuote | null) => void;
  setPending: (pending: TransferResult | null) => void;
};

/** Asking for a quote and sending a transfer (once per submission: its key is reused on a retry whose answer never came). */
function useTransferActions({ form, setHeld, setPending }: TransferActionsInput) {
  const { t } = useTranslation();
  const quoteMutation = useTransferQuote();
  const transferMutation = useTransfer();
  const submissionKey = useSubmissionKey();

  const requestQuote = (body: TransferBody) => {
    quoteMutation.mutate(body, {
      onSuccess: (quote) => setHeld({ quote, deadlineMs: deadlineOf(quote, Date.now()) }),
      onError: showError,
    });
  };

  const send = (body: TransferBody, quoteId?: string) => {
    const fingerprint = JSON.stringify([body.fromWalletType, body.toWalletType, body.amount, quoteId ?? '']);
    const idempotencyKey = submissionKey.keyFor(fingerprint);
    transferMutation.mutate(
      { ...body, quoteId, idempotencyKey },
      {
        onSuccess: (result) => {
          submissionKey.settle();
          setHeld(null);
          form.setValue('amount', '');
          if (result.status === 'pending') {
            setPending(result);
          } else {
            setPending(null);
            showToast(t('transfer.done'), 'success');
          }
        },
        onError: (error) => {
          if (!isAnswerUnknown(error)) submissionKey.settle();
          // An expired or unknown quote: fetch a fresh one so the user sees the current rate.
          if ((error as { code?: unknown }).code === resultCodeOf('FX_QUOTE_INVALID')) requestQuote(body);
          showError(error);
        },
      },
    );
  };

  return { requestQuote, send, isBusy: quoteMutation.isPending || transferMutation.isPending };
}

/** The wallets to choose from, each with its currency (unless its label already names it). */
function useWalletOptions() {
  const { t } = useTranslation();
  return walletTypes.map((type) => {
    const label = t(walletLabelKey(type));
    const currency = currencyOfWallet(type);
    // Labels that already name their currency ("TWD", "Cuenta en pesos (ARS)") are not repeated.
    return { value: type, label: label.includes(currency) ? label : `${label} (${currency})` };
  });
}

/** A conversion that waits for the FX market, and its cancelling. */
function usePendingTransfer() {
  const { t } = useTranslation();
  const cancelMutation = useCancelTransfer();
  const [pending, setPending] = useState<TransferResult | null>(null);
  const cancelPending = () => {
    if (!pending) return;
    cancelMutation.mutate(pending.transferId, {
      onSuccess: () => {
        setPending(null);
        showToast(t('transfer.cancelled'), 'success');
      },
      onError: showError,
    });
  };
  return { pending, setPending, cancelPending, isCancelling: cancelMutation.isPending };
}

/** The submit button's words: send in one currency; across currencies get a quote, confirm it, or get a new one. */
function submitLabelKey(isCrossCurrency: boolean, held: HeldQuote | null, isQuoteLive: boolean): string {
  if (!isCrossCurrency) return 'transfer.submit';
  if (held === null) return 'transfer.getQuote';
  return isQuoteLive ? 'transfer.confirm' : 'transfer.requote';
}

type PendingNoticeProps = { pending: TransferResult; locale: Locale; onCancel: () => void; isCancelling: boolean };

/** A conversion waiting for the FX market to open, with its cancel button. */
function PendingNotice({ pending, locale, onCancel, isCancelling }: PendingNoticeProps) {
  const { t } = useTranslation();
  return (
    <section className="notice notice-warning" aria-labelledby="pending-title">
      <ClockCircleOutline className="notice-icon" aria-hidden="true" />
      <div>
        <h2 id="pending-title" className="notice-title">
          {t('transfer.pendingTitle')}
        </h2>
        <p className="notice-text">
          {t('transfer.pendingText', {
            amount: formatMoney(pending.fromAmount, locale, currencySymbolOf(currencyOfWallet(pending.fromWalletType))),
          })}
        </p>
        <button type="button" className="button button-small button-danger" onClick={onCancel} disabled={isCancelling}>
          {t('transfer.cancelPending')}
        </button>
      </div>
    </section>
  );
}

/**
 * /pages/profile/transfer: between two of the user's wallets. In one currency the move is direct;
 * across currencies the user first sees a quote (rate and amount received, 30 s) and confirms it.
 * A conversion asked for while the FX market is closed waits as "pending" and can be cancelled.
 */
export function TransferPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const wallets = useWallets();
  const form = useTransferForm();
  const [held, setHeld] = useState<HeldQuote | null>(null);
  const { pending, setPending, cancelPending, isCancelling } = usePendingTransfer();
  const now = useNow(held !== null);
  const { requestQuote, send, isBusy } = useTransferActions({ form, setHeld, setPending });
  const walletOptions = useWalletOptions();

  const from = form.values.fromWalletType as WalletType;
  const to = form.values.toWalletType as WalletType;
  const fromWallet = wallets.data?.wallets.find((wallet) => wallet.walletType === from);
  const isCrossCurrency = currencyOfWallet(from) !== currencyOfWallet(to);
  const secondsLeft = held ? Math.max(0, Math.ceil((held.deadlineMs - now) / 1000)) : 0;
  const isQuoteLive = held !== null && secondsLeft > 0;

  // Any change to what would be converted makes the quote meaningless.
  const edit = (name: 'fromWalletType' | 'toWalletType' | 'amount', value: string) => {
    form.setValue(name, value);
    setHeld(null);
  };

  const swap = () => {
    form.setValue('fromWalletType', to);
    form.setValue('toWalletType', from);
    setHeld(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    const input = { fromWalletType: body.fromWalletType, toWalletType: body.toWalletType, amount: body.amount };
    if (!isCrossCurrency) send(input);
    else if (held && isQuoteLive) send(input, held.quote.quoteId);
    else requestQuote(input);
  };

  const fieldError = (name: 'fromWalletType' | 'toWalletType' | 'amount') => {
    const key = form.errors[name];
    return key ? t(key) : undefined;
  };

  return (
    <>
      <NavBar title={t('transfer.title')} />
      <div className="page-body">
        {pending ? <PendingNotice pending={pending} locale={locale} onCancel={cancelPending} isCancelling={isCancelling} /> : null}
        <form className="form" onSubmit={submit} noValidate>
          <FormSelect
            label={t('fields.fromWalletType')}
            value={from}
            options={walletOptions}
            onValueChange={(value) => edit('fromWalletType', value)}
            error={fieldError('fromWalletType')}
            hint={
              fromWallet
                ? t('transfer.availableHint', {
                    amount: formatMoney(fromWallet.availableBalance, locale, currencySymbolOf(fromWallet.currency)),
                  })
                : undefined
            }
          />
          <button type="button" className="button button-small button-default transfer-swap" onClick={swap}>
            {t('transfer.swap')}
          </button>
          <FormSelect
            label={t('fields.toWalletType')}
            value={to}
            options={walletOptions}
            onValueChange={(value) => edit('toWalletType', value)}
            error={fieldError('toWalletType')}
          />
          <AmountField
            label={t('transfer.amountLabel', { currency: currencyOfWallet(from) })}
            name="amount"
            locale={locale}
            value={form.values.amount}
            onValueChange={(value) => edit('amount', value)}
            error={fieldError('amount')}
            addon={
              <button
                type="button"
                className="send-code-button"
                disabled={!fromWallet}
                onClick={() => fromWallet && edit('amount', truncateDecimal(fromWallet.availableBalance))}
              >
                {t('funding.all')}
              </button>
            }
          />
          {isCrossCurrency ? <p className="form-note">{t('transfer.crossCurrencyNote')}</p> : null}
          {held ? <QuoteCard quote={held.quote} secondsLeft={secondsLeft} locale={locale} /> : null}
          <button type="submit" className="button button-primary button-block" disabled={isBusy}>
            {isBusy ? t('common.loading') : t(submitLabelKey(isCrossCurrency, held, isQuoteLive))}
          </button>
        </form>
      </div>
    </>
  );
}

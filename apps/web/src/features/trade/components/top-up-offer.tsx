import { useTranslation } from '@bolsa/client-kit/i18n';
import { currencyOfWallet, type Locale, type WalletType } from '@bolsa/contracts';
import { currencySymbolOf, formatMoney, formatNumber } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import { useTicketWallets, useTopUp, useTopUpQuote } from '../api/funding-flow.ts';
import './top-up-offer.css';

/** The wallets money can move between (the Transfer page's); the others hold no cash a ticket could use. */
const movableWallets: readonly WalletType[] = ['BALANCE', 'STOCK', 'AR', 'TW', 'FUTURE', 'FOREX'];

type Wallet = { walletType: WalletType; currency: string; availableBalance: string };

/** Cents up: a top-up never leaves the ticket a cent short. */
const centsUp = (value: number) => (Math.ceil(value * 100 - 1e-6) / 100).toFixed(2);

/**
 * Which wallet to draw on and how much: the same currency first (no conversion), then the wallet worth
 * most in USD; the amount covers the shortfall (plus 1% across currencies, for the rate's move), capped
 * at what that wallet has. Exported for its test.
 */
export function topUpPlan(input: { target: WalletType; shortfall: number; wallets: Wallet[]; ratesUsd: Record<string, string> }) {
  const targetCurrency = currencyOfWallet(input.target);
  const usd = (wallet: Wallet) => Number(wallet.availableBalance) * Number(input.ratesUsd[wallet.currency] ?? 0);
  const candidates = input.wallets
    .filter(
      (wallet) => wallet.walletType !== input.target && movableWallets.includes(wallet.walletType) && Number(wallet.availableBalance) > 0,
    )
    .sort((a, b) => Number(b.currency === targetCurrency) - Number(a.currency === targetCurrency) || usd(b) - usd(a));
  const source = candidates[0];
  if (!source || input.shortfall <= 0) return null;
  const isSameCurrency = source.currency === targetCurrency;
  const rate = Number(input.ratesUsd[targetCurrency] ?? 0) / Number(input.ratesUsd[source.currency] ?? 1);
  const needed = isSameCurrency ? input.shortfall : input.shortfall * rate * 1.01;
  const amount = centsUp(Math.min(needed, Number(source.availableBalance)));
  if (Number(amount) <= 0) return null;
  return { from: source.walletType, fromCurrency: source.currency, amount, isSameCurrency };
}

type TopUpOfferProps = { target: WalletType; shortfall: number; locale: Locale };

/**
 * Shown on the ticket when its wallet lacks the money and another wallet has it (issue 15 §3): one tap
 * moves it through the wallet transfer, with the FX quote when the currencies differ, without leaving.
 */
export function TopUpOffer({ target, shortfall, locale }: TopUpOfferProps) {
  const { t } = useTranslation();
  const wallets = useTicketWallets(true);
  const plan = wallets.data ? topUpPlan({ target, shortfall, wallets: wallets.data.wallets, ratesUsd: wallets.data.ratesUsd }) : null;
  const quote = useTopUpQuote(
    plan && !plan.isSameCurrency ? { fromWalletType: plan.from, toWalletType: target, amount: plan.amount } : null,
  );
  const topUp = useTopUp();
  if (!plan) return null;
  const targetCurrency = currencyOfWallet(target);
  const sent = formatMoney(plan.amount, locale, currencySymbolOf(plan.fromCurrency));
  const isWaitingForQuote = !plan.isSameCurrency && !quote.data;

  const move = () => {
    topUp.mutate({
      fromWalletType: plan.from,
      toWalletType: target,
      amount: plan.amount,
      ...(quote.data && !plan.isSameCurrency ? { quoteId: quote.data.quoteId } : {}),
      idempotencyKey: newIdempotencyKey(),
    });
  };

  return (
    <section className="top-up-offer" aria-label={t('trade.topUp.title')}>
      <p className="top-up-offer-text">
        {t('trade.topUp.offer', { wallet: t(walletLabelKey(target)), from: t(walletLabelKey(plan.from)) })}
      </p>
      {quote.data && !plan.isSameCurrency ? (
        <p className="form-field-hint" data-testid="top-up-quote">
          {t('trade.topUp.quote', {
            toAmount: formatMoney(quote.data.toAmount, locale, currencySymbolOf(targetCurrency)),
            rate: `1 ${plan.fromCurrency} = ${formatNumber(quote.data.rate, locale, { decimals: 6 })} ${targetCurrency}`,
          })}
        </p>
      ) : null}
      <button type="button" className="button button-primary button-block" disabled={topUp.isPending || isWaitingForQuote} onClick={move}>
        {topUp.isPending ? t('common.loading') : t('trade.topUp.transfer', { amount: sent, from: t(walletLabelKey(plan.from)) })}
      </button>
    </section>
  );
}

import { type AccountAssets, type AssetClass, type Currency, currencyOfWallet, type Wallet, type WalletAssets } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { toMoney } from '../ledger/index.ts';
import type { HoldingValue, PositionFigures } from '../trading/index.ts';

const ZERO = new Decimal(0);

/**
 * Total assets as the user reads them (issue 15 §1): each wallet's cash plus the value of its open
 * positions (margin plus floating P&L), in the wallet's currency and in USD at the live rates, the split
 * by asset class, and today's P&L: what was realised today plus what floating P&L gained since the
 * previous close. Only wallets that hold something are listed.
 */
export function accountAssetsOf(input: {
  wallets: readonly Wallet[];
  holdings: readonly HoldingValue[];
  realisedTodayUsd: Decimal;
  rateUsd: (currency: Currency) => Decimal;
}): AccountAssets {
  const { wallets, holdings, rateUsd } = input;
  const byWallet: WalletAssets[] = [];
  const byClass = new Map<AssetClass, Decimal>([
    ['cash', ZERO],
    ['stocks', ZERO],
    ['futures', ZERO],
    ['forex', ZERO],
  ]);
  const add = (assetClass: AssetClass, value: Decimal) => byClass.set(assetClass, (byClass.get(assetClass) ?? ZERO).plus(value));
  let cashUsd = ZERO;
  let positionsUsd = ZERO;
  let floatingUsd = ZERO;
  let todayFloatingUsd = ZERO;
  for (const wallet of wallets) {
    const rate = rateUsd(wallet.currency);
    const own = holdings.filter((holding) => holding.walletType === wallet.walletType);
    const cash = new Decimal(wallet.balance);
    const positionsValue = own.reduce((sum, holding) => sum.plus(holding.value), ZERO);
    const floating = own.reduce((sum, holding) => sum.plus(holding.floatingPnl), ZERO);
    const total = cash.plus(positionsValue);
    cashUsd = cashUsd.plus(cash.times(rate));
    positionsUsd = positionsUsd.plus(positionsValue.times(rate));
    floatingUsd = floatingUsd.plus(floating.times(rate));
    add('cash', cash.times(rate));
    for (const holding of own) {
      add(holding.assetClass, new Decimal(holding.value).times(rate));
      todayFloatingUsd = todayFloatingUsd.plus(new Decimal(holding.todayChange).times(rate));
    }
    if (cash.isZero() && own.length === 0) continue;
    byWallet.push({
      walletType: wallet.walletType,
      currency: wallet.currency,
      cash: toMoney(cash),
      positionsValue: toMoney(positionsValue),
      floatingPnl: toMoney(floating),
      total: toMoney(total),
      totalUsd: toMoney(total.times(rate)),
    });
  }
  return {
    cashUsd: toMoney(cashUsd),
    positionsUsd: toMoney(positionsUsd),
    floatingPnlUsd: toMoney(floatingUsd),
    totalAssetsUsd: toMoney(cashUsd.plus(positionsUsd)),
    todayPnlUsd: toMoney(input.realisedTodayUsd.plus(todayFloatingUsd)),
    byWallet,
    byAssetClass: [...byClass].map(([assetClass, value]) => ({ assetClass, valueUsd: toMoney(value) })),
  };
}

/**
 * Each open position as part of those total assets (issue 15 §11): its value (a cash holding's market
 * value), today's P&L (its floating P&L gained today plus what its closes realised today, so the
 * positions' figures add up to the account's today's P&L but for positions closed whole today) and its
 * weight: its value in USD over the total assets shown, in percent.
 */
export function positionFiguresOf(input: {
  holdings: readonly HoldingValue[];
  totalAssetsUsd: string;
  rateUsd: (currency: Currency) => Decimal;
}): Map<number, PositionFigures> {
  const total = new Decimal(input.totalAssetsUsd);
  const figures = new Map<number, PositionFigures>();
  for (const holding of input.holdings) {
    const value = new Decimal(holding.value);
    const valueUsd = value.times(input.rateUsd(currencyOfWallet(holding.walletType)));
    figures.set(holding.positionId, {
      marketValue: toMoney(value),
      todayPnl: toMoney(new Decimal(holding.todayChange).plus(holding.realisedToday)),
      weight: total.greaterThan(0) ? valueUsd.div(total).times(100).toFixed(2) : null,
    });
  }
  return figures;
}

import { isTradableSource, type Position, type QuoteTick, tradeDirections, tradingMarkets } from '@bolsa/contracts';
import { toMoneyText } from './trade-format.ts';

/**
 * The rate from the instrument's price currency to the wallet's for this quote. A forex pair whose base
 * is the wallet's currency (USDJPY in the USD wallet) is priced in the other currency, which the server
 * converts at that very pair's price: the rate moves with each quote. Otherwise the rate the server used
 * at its last reading (1 for the same currency; a cross keeps it until the next refetch).
 */
/** A forex market's instrument (the contracts' `tradingMarkets` says which create call takes it). */
const isForex = (source: string) => isTradableSource(source) && tradingMarkets[source].orderKind === 'forex';

function walletRateOf(position: Position, tick: QuoteTick): number {
  const isPairOnWalletCurrency =
    isForex(position.source) && position.stockCode.length === 6 && position.stockCode.startsWith(position.currency);
  if (isPairOnWalletCurrency) return 1 / Number(tick.price);
  return Number(position.walletRate);
}

/**
 * An open position revalued at a live quote, for display only, with the server's formula: it would close
 * at the bid (a buy) or the ask (a sell); the move from the open price, signed for the direction, times
 * the quantity still open, the contract multiplier and the wallet rate, is the floating P&L; the move over
 * the open price is its percentage (spec §3 `zdf`). Amounts are floating-point estimates shown with 2
 * decimals (as `toMoneyText` does for the ticket's estimates) and never sent; the server's figures come
 * back with every refetch. A closed position, or a quote that cannot value it, leaves it as it is.
 */
export function revaluePosition(position: Position, tick: QuoteTick | undefined): Position {
  if (!tick || position.status !== 'open' || tick.code !== position.stockCode) return position;
  const isBuy = position.direction === tradeDirections.buy;
  const closeAt = isBuy ? tick.bid : tick.ask;
  const current = Number(closeAt);
  const open = Number(position.openPrice);
  const rate = walletRateOf(position, tick);
  if (!(current > 0) || !(open > 0) || !Number.isFinite(rate) || !(rate > 0)) return position;
  const move = (current - open) * (isBuy ? 1 : -1);
  const profit = toMoneyText(move * Number(position.positionNum) * Number(position.multiplier) * rate);
  if (profit === '') return position;
  // What the quote changed since the server's reading moves today's P&L and the market value alike.
  const moved = Number(profit) - Number(position.profit);
  const shift = (value: string | null) => (value == null ? null : toMoneyText(Number(value) + moved) || value);
  return {
    ...position,
    currentPrice: closeAt,
    profit,
    zdf: ((move / open) * 100).toFixed(2),
    todayPnl: shift(position.todayPnl),
    marketValue: shift(position.marketValue),
  };
}

/**
 * The floating P&L and today's P&L of open positions added up per wallet currency (positions of different
 * markets are never summed together); `today` is null for a currency whose positions do not all carry it.
 */
export function floatingTotals(positions: readonly Position[]): Array<{ currency: string; profit: string; today: string | null }> {
  const totals = new Map<string, { profit: number; today: number | null }>();
  for (const position of positions) {
    if (position.status !== 'open') continue;
    const total = totals.get(position.currency) ?? { profit: 0, today: 0 };
    total.profit += Number(position.profit);
    total.today = total.today === null || position.todayPnl == null ? null : total.today + Number(position.todayPnl);
    totals.set(position.currency, total);
  }
  return [...totals].map(([currency, { profit, today }]) => ({
    currency,
    profit: toMoneyText(profit),
    today: today === null ? null : toMoneyText(today),
  }));
}

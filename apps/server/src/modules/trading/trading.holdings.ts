import { type AssetClass, currencyOfWallet, type QuoteTick, type WalletType } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import type { Instrument } from './trading.rules.ts';
import { multiplierOf } from './trading.rules.ts';
import { tradingPositions } from './trading.tables.ts';

/** What one open position is worth now, in its wallet's currency (issue 15 §1). Decimal strings. */
export type HoldingValue = {
  walletType: WalletType;
  assetClass: Exclude<AssetClass, 'cash'>;
  /** Margin plus floating P&L: for a cash stock position (leverage 1), its market value. */
  value: string;
  floatingPnl: string;
  /** Floating P&L gained today: since the previous close, or since the open for a position opened today. */
  todayChange: string;
};

type Dependencies = {
  catalog: { byCode: ReadonlyMap<string, Instrument> };
  quotes: { latest(code: string): QuoteTick | undefined };
  /** Currency conversion at the live rates (the market service's). */
  convert: (amount: string, from: string, to: string, decimals: number) => string;
};

export function assetClassOf(instrument: Pick<Instrument, 'classify'> | undefined): HoldingValue['assetClass'] {
  if (instrument?.classify === 'FUTURE') return 'futures';
  if (instrument?.classify === 'FOREX') return 'forex';
  return 'stocks';
}

/**
 * Values a user's open positions as the positions list does: a long closes at the bid, a short at the ask;
 * move × open quantity × the contract multiplier, converted to the wallet's currency. Without a quote (or a
 * rate) a position counts at its margin, with no floating P&L.
 */
export function createHoldingsValuation(dependencies: Dependencies) {
  const { catalog, quotes, convert } = dependencies;

  function toWallet(instrument: Instrument, value: Decimal, walletType: WalletType): Decimal | null {
    const to = currencyOfWallet(walletType);
    if (instrument.currency === to) return value;
    try {
      return new Decimal(convert(value.toFixed(8), instrument.currency, to, 8));
    } catch {
      return null;
    }
  }

  function holdingOf(row: typeof tradingPositions.$inferSelect, dayStartsAt: Date): HoldingValue {
    const instrument = catalog.byCode.get(row.code);
    const walletType = row.walletType as WalletType;
    const margin = new Decimal(row.margin);
    const tick = quotes.latest(row.code);
    let floating = new Decimal(0);
    let today = new Decimal(0);
    if (instrument && tick) {
      const isLong = row.direction === 0;
      const current = new Decimal(isLong ? tick.bid : tick.ask);
      const units = new Decimal(row.quantity).times(multiplierOf(instrument)).times(isLong ? 1 : -1);
      // Opened today: all of its floating P&L is today's; before: what the price did since the previous close.
      const reference = row.createdAt >= dayStartsAt ? new Decimal(row.openPrice) : new Decimal(tick.prevClose);
      floating = toWallet(instrument, current.minus(row.openPrice).times(units), walletType) ?? new Decimal(0);
      today = toWallet(instrument, current.minus(reference).times(units), walletType) ?? new Decimal(0);
    }
    return {
      walletType,
      assetClass: assetClassOf(instrument),
      value: margin.plus(floating).toFixed(8),
      floatingPnl: floating.toFixed(8),
      todayChange: today.toFixed(8),
    };
  }

  return {
    /** Every open position of a user, valued now; `dayStartsAt` is the start of the user's day. */
    async of(executor: Executor, userId: number, dayStartsAt: Date): Promise<HoldingValue[]> {
      const rows = await executor
        .select()
        .from(tradingPositions)
        .where(and(eq(tradingPositions.userId, userId), eq(tradingPositions.isOpen, true)));
      return rows.map((row) => holdingOf(row, dayStartsAt));
    },
  };
}

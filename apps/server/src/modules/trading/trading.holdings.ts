import { type AssetClass, currencyOfWallet, type QuoteTick, type WalletType } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import type { Instrument } from './trading.rules.ts';
import { multiplierOf } from './trading.rules.ts';
import { tradingFills, tradingPositions } from './trading.tables.ts';

/** What one open position is worth now, in its wallet's currency (issue 15 §1). Decimal strings. */
export type HoldingValue = {
  positionId: number;
  walletType: WalletType;
  assetClass: Exclude<AssetClass, 'cash'>;
  /** Margin plus floating P&L: for a cash stock position (leverage 1), its market value. */
  value: string;
  floatingPnl: string;
  /** Floating P&L gained today: since the previous close, or since the open for a position opened today. */
  todayChange: string;
  /** What its partial closes realised today (the ledger's `realised_pnl` of those closes). */
  realisedToday: string;
};

/** A position as part of the account (issue 15 §11): its value, today's P&L and its share of total assets. */
export type PositionFigures = {
  /** Margin plus floating P&L in the wallet's currency: a cash holding's market value. */
  marketValue: string;
  /** The floating P&L gained today plus what its closes realised today: its part of the account's today's P&L. */
  todayPnl: string;
  /** Its value as a percentage of the account's total assets (both in USD at the live rates); null when there are none. */
  weight: string | null;
};

/** The figures of a user's open positions by id, as the account's total assets value them (funding provides it). */
export type PortfolioSource = (userId: number, timeZone: string) => Promise<ReadonlyMap<number, PositionFigures>>;

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

  function holdingOf(row: typeof tradingPositions.$inferSelect, dayStartsAt: Date, realisedToday: string): HoldingValue {
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
      positionId: row.id,
      walletType,
      assetClass: assetClassOf(instrument),
      value: margin.plus(floating).toFixed(8),
      floatingPnl: floating.toFixed(8),
      todayChange: today.toFixed(8),
      realisedToday,
    };
  }

  return {
    /** Every open position of a user, valued now; `dayStartsAt` is the start of the user's day. */
    async of(executor: Executor, userId: number, dayStartsAt: Date): Promise<HoldingValue[]> {
      const rows = await executor
        .select()
        .from(tradingPositions)
        .where(and(eq(tradingPositions.userId, userId), eq(tradingPositions.isOpen, true)));
      const realised = await realisedTodayOf(
        executor,
        rows.map((row) => row.id),
        dayStartsAt,
      );
      return rows.map((row) => holdingOf(row, dayStartsAt, realised.get(row.id) ?? '0'));
    },
  };
}

/** What the closes of these positions realised since `since`, by position (the fills of a close carry it). */
async function realisedTodayOf(executor: Executor, positionIds: readonly number[], since: Date): Promise<Map<number, string>> {
  if (positionIds.length === 0) return new Map();
  const rows = await executor
    .select({ positionId: tradingFills.positionId, total: sql<string>`sum(${tradingFills.realisedPnl})::text` })
    .from(tradingFills)
    .where(and(inArray(tradingFills.positionId, [...positionIds]), isNotNull(tradingFills.realisedPnl), gte(tradingFills.createdAt, since)))
    .groupBy(tradingFills.positionId);
  return new Map(rows.map((row) => [Number(row.positionId), row.total]));
}

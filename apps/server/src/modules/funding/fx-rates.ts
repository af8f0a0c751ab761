import type { Currency } from '@bolsa/contracts';
import Decimal from 'decimal.js';

/**
 * Exchange rates for transfers between wallets and for totals in USD. The market-data feed (its own
 * issue) implements this with live FX pairs; until then the reference implementation below is used.
 */
/** The wallets' currencies, and the yen a yen bank withdrawal pays (issue 15 §5). */
export type FxCurrency = Currency | 'JPY';

export interface FxRates {
  /** Units of `to` per unit of `from`. */
  rate(from: FxCurrency, to: FxCurrency): Decimal;
  /** Whether conversions execute now; outside forex hours a conversion waits for the open. */
  isMarketOpen(now: Date): boolean;
}

/**
 * Reference rates per US dollar. TWD: the last monthly value (2026-06, 31.6195) of
 * ../shared/data/exchange-rates-monthly.csv (Federal Reserve series via the Open Knowledge Foundation's
 * "datasets", PDDL); JPY the same file's 2026-06 value (160.77). ARS is not in that data: 1450 is the official rate of late 2025, used only until
 * the live feed provides USD/ARS.
 */
export const referenceUnitsPerUsd: Record<FxCurrency, string> = { USD: '1', TWD: '31.6195', ARS: '1450', JPY: '160.77' };

/** Forex trades from Sunday 17:00 to Friday 17:00 in New York. */
export function isForexOpen(now: Date): boolean {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const hour = Number(parts.hour);
  switch (parts.weekday) {
    case 'Sat':
      return false;
    case 'Sun':
      return hour >= 17;
    case 'Fri':
      return hour < 17;
    default:
      return true;
  }
}

export function createReferenceFxRates(options: { isAlwaysOpen: boolean }): FxRates {
  return {
    rate(from, to) {
      return new Decimal(referenceUnitsPerUsd[to]).dividedBy(referenceUnitsPerUsd[from]);
    },
    isMarketOpen(now) {
      return options.isAlwaysOpen || isForexOpen(now);
    },
  };
}

/**
 * Rates from the live market feed: the same forex quotes the app shows, so a transfer converts at the
 * rate the person sees on the quote pages. Until the feed has quoted a pair (just after a start, or a
 * deployment with a reduced instrument list) the reference rate stands in for it.
 */
export function createLiveFxRates(source: {
  convert(amount: string, from: string, to: string, decimals: number): string;
  isForexOpen(now: Date): boolean;
  fallback: FxRates;
}): FxRates {
  return {
    rate(from, to) {
      if (from === to) return new Decimal(1);
      try {
        return new Decimal(source.convert('1', from, to, 10));
      } catch {
        return source.fallback.rate(from, to);
      }
    },
    isMarketOpen: (now) => source.isForexOpen(now),
  };
}

import type { FuturesFamily, QuoteRow, TaiwanBoard } from '@bolsa/contracts';
import { addDays, type ClockMode, calendars, isTradingDate, nextOpenAfter, sessionTimesOf, statusAt } from './calendars.ts';
import type { Instrument } from './instruments.ts';

/**
 * The product pages of spec §2 (issue 17 §3): futures by family with their front and next months and
 * roll dates, and the Taiwan stocks by sector with the market's status and hours.
 */

/** The families in the order the page shows them (the futures list's groups). */
export const FUTURES_FAMILIES = ['equity', 'energy', 'metals', 'grains', 'rates', 'currency'] as const;
/**
 * The roll date shown: this many trading days before the front month's last trade date, when trading
 * usually moves to the next month (a published rule of this page, not an exchange's).
 */
export const ROLL_TRADING_DAYS_BEFORE = 5;

/** The trading day `count` trading days before `date` on the instrument's calendar. */
export function rollDateOf(instrument: Instrument): string | null {
  if (!instrument.lastTradeDate) return null;
  const calendar = calendars[instrument.calendar];
  let date = instrument.lastTradeDate;
  for (let found = 0, step = 0; found < ROLL_TRADING_DAYS_BEFORE && step < 60; step += 1) {
    date = addDays(date, -1);
    if (isTradingDate(calendar, date)) found += 1;
  }
  return date;
}

/** "Gold Feb 2027" → "Gold": the product's name without its contract month. */
const productNameOf = (instrument: Instrument) => instrument.name.split(' ').slice(0, -2).join(' ') || instrument.name;

export function createProductPages<V>(dependencies: {
  now: () => number;
  clock: ClockMode;
  /** The listed instruments of a source, futures by product then month. */
  bySource: (...sources: string[]) => Instrument[];
  rowsOf: (instruments: readonly Instrument[], viewer: V) => Promise<QuoteRow[]>;
}) {
  const { now, clock, bySource, rowsOf } = dependencies;
  return {
    async futuresFamilies(viewer: V): Promise<FuturesFamily[]> {
      const byRoot = new Map<string, Instrument[]>();
      for (const instrument of bySource('3')) {
        if (!instrument.root) continue;
        byRoot.set(instrument.root, [...(byRoot.get(instrument.root) ?? []), instrument]);
      }
      const months = [...byRoot.values()].flatMap((contracts) => contracts.slice(0, 2));
      const rows = new Map((await rowsOf(months, viewer)).map((row) => [row.stock_code, row]));
      const monthOf = (instrument: Instrument | undefined) => {
        const row = instrument ? rows.get(instrument.code) : undefined;
        if (!instrument || !row) return null;
        return {
          ...row,
          contractMonth: instrument.contractMonth ?? '',
          lastTradeDate: instrument.lastTradeDate ?? '',
          rollDate: rollDateOf(instrument),
        };
      };
      return FUTURES_FAMILIES.map((group) => ({
        group,
        products: [...byRoot.entries()]
          .filter(([, contracts]) => contracts[0]?.group === group)
          .flatMap(([root, contracts]) => {
            const front = monthOf(contracts[0]);
            if (!front || !contracts[0]) return [];
            return [{ root, name: productNameOf(contracts[0]), market: contracts[0].market, front, next: monthOf(contracts[1]) }];
          }),
      })).filter((family) => family.products.length > 0);
    },

    async taiwanBoard(viewer: V): Promise<TaiwanBoard> {
      const calendar = calendars.TWSE;
      const moment = now();
      const status = statusAt(calendar, moment, clock);
      const stocks = bySource('7');
      const rows = new Map((await rowsOf(stocks, viewer)).map((row) => [row.stock_code, row]));
      const sectors = new Map<string, QuoteRow[]>();
      for (const instrument of stocks) {
        const row = rows.get(instrument.code);
        if (!row) continue;
        const sector = instrument.sector ?? '';
        sectors.set(sector, [...(sectors.get(sector) ?? []), row]);
      }
      return {
        status,
        timeZone: calendar.timeZone,
        sessions: sessionTimesOf(calendar),
        nextOpenTimestamp: status === 'open' ? null : nextOpenAfter(calendar, moment, clock),
        sectors: [...sectors.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([sector, list]) => ({ sector, rows: list })),
      };
    },
  };
}

import type { MarketStatus, QuoteTick } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { type ClockMode, calendars, statusAt, tradingDateOf } from './calendars.ts';
import { type CandleRow, type DayState, EXTENDED_HOURS_ACTIVITY, type Trade } from './feed-types.ts';
import { decimalsOf, formatPrice, type Instrument, tickSizeAt } from './instruments.ts';
import { createRandom, type Random } from './random.ts';

type Entry = {
  instrument: Instrument;
  price: number;
  day: DayState;
  status: MarketStatus;
  timestamp: number;
  bid: number;
  ask: number;
  bidVolume: number;
  askVolume: number;
  minute: { time: number; open: number; high: number; low: number; close: number; volume: number } | null;
  isChanged: boolean;
  isDayChanged: boolean;
  random: Random;
  tick: QuoteTick | null;
};

/**
 * The status of an instrument's market. Only US stocks trade in the pre- and post-market; an index
 * on the US calendar is not computed outside the regular session, so it says closed then.
 */
function statusOf(instrument: Instrument, atMs: number, clock: ClockMode): MarketStatus {
  const status = statusAt(calendars[instrument.calendar], atMs, clock);
  if ((status === 'pre' || status === 'post') && instrument.source !== '0') return 'closed';
  return status;
}

/** Spread in basis points of the price by kind of instrument (at least one tick). */
function spreadBasisPoints(instrument: Instrument): number {
  switch (instrument.source) {
    case 'ARG':
      return 15;
    case '7':
      return 4;
    case '2':
      return 0.6;
    case '99':
      return 0;
    default:
      return 2;
  }
}

/**
 * The quotes built from trades, whatever their source: the day's open, high, low and volume, the
 * previous close, bid and ask around the last price, the market status, and one-minute candles.
 * The simulator and the replay go through this same book.
 */
export function createQuoteBook(options: { clock: ClockMode; seed: number }) {
  const entries = new Map<string, Entry>();
  const completedMinutes: CandleRow[] = [];

  function refreshBidAsk(entry: Entry) {
    const { instrument, price, random } = entry;
    const basisPoints = spreadBasisPoints(instrument);
    if (basisPoints === 0) {
      entry.bid = price;
      entry.ask = price;
      entry.bidVolume = 0;
      entry.askVolume = 0;
      return;
    }
    const tick = Number(tickSizeAt(instrument.tickRule, price));
    const ticksWide = Math.max(1, Math.round((price * basisPoints) / 10_000 / tick));
    const below = Math.floor(ticksWide / 2) || 1;
    entry.bid = price - below * tick;
    entry.ask = entry.bid + ticksWide * tick;
    const lot = Number(instrument.lotSize);
    entry.bidVolume = lot * (1 + Math.floor(random.next() * 40));
    entry.askVolume = lot * (1 + Math.floor(random.next() * 40));
  }

  function toTick(entry: Entry): QuoteTick {
    const { instrument } = entry;
    const price = formatPrice(instrument.tickRule, entry.price);
    const prevClose = formatPrice(instrument.tickRule, entry.day.prevClose);
    const change = new Decimal(price).minus(prevClose);
    // The change carries the decimals of its prices' ticks (0.10, not 0.1; 0.00012 for EUR/USD).
    const changeDecimals = Math.max(decimalsOf(price), decimalsOf(prevClose));
    const changeRatio = new Decimal(prevClose).isZero() ? new Decimal(0) : change.div(prevClose).times(100);
    return {
      code: instrument.code,
      price,
      change: change.toFixed(changeDecimals),
      changeRatio: changeRatio.toFixed(2),
      volume: String(Math.round(entry.day.volume)),
      open: formatPrice(instrument.tickRule, entry.day.open),
      high: formatPrice(instrument.tickRule, entry.day.high),
      low: formatPrice(instrument.tickRule, entry.day.low),
      prevClose,
      bid: formatPrice(instrument.tickRule, entry.bid),
      ask: formatPrice(instrument.tickRule, entry.ask),
      bidVolume: String(entry.bidVolume),
      askVolume: String(entry.askVolume),
      marketStatus: entry.status,
      fall: change.isNegative(),
      tradeDate: entry.day.date,
      timestamp: entry.timestamp,
    };
  }

  return {
    /** Starts an instrument from the end of its history. */
    add(instrument: Instrument, price: number, day: DayState, nowMs: number) {
      const entry: Entry = {
        instrument,
        price,
        day: { ...day },
        status: statusOf(instrument, nowMs, options.clock),
        timestamp: nowMs,
        bid: price,
        ask: price,
        bidVolume: 0,
        askVolume: 0,
        minute: null,
        isChanged: true,
        isDayChanged: false,
        random: createRandom(options.seed, instrument.code, 'book'),
        tick: null,
      };
      refreshBidAsk(entry);
      entries.set(instrument.code, entry);
    },

    /** How much the market trades: fully in its session, a little in the US pre- and post-market, not otherwise. */
    activityOf(instrument: Instrument, atMs: number): number {
      const status = statusOf(instrument, atMs, options.clock);
      if (status === 'open') return 1;
      return status === 'pre' || status === 'post' ? EXTENDED_HOURS_ACTIVITY : 0;
    },

    apply(trade: Trade) {
      const entry = entries.get(trade.code);
      if (!entry) return;
      const date = tradingDateOf(calendars[entry.instrument.calendar], trade.timestamp);
      if (date !== entry.day.date) {
        entry.day = { date, open: trade.price, high: trade.price, low: trade.price, close: trade.price, volume: 0, prevClose: entry.price };
      }
      entry.price = trade.price;
      entry.day.high = Math.max(entry.day.high, trade.price);
      entry.day.low = Math.min(entry.day.low, trade.price);
      entry.day.close = trade.price;
      entry.day.volume += trade.size;
      entry.timestamp = trade.timestamp;
      const bucket = Math.floor(trade.timestamp / 60_000) * 60_000;
      if (entry.minute && entry.minute.time !== bucket) {
        completedMinutes.push(minuteRow(entry));
        entry.minute = null;
      }
      if (!entry.minute) {
        entry.minute = { time: bucket, open: trade.price, high: trade.price, low: trade.price, close: trade.price, volume: 0 };
      }
      entry.minute.high = Math.max(entry.minute.high, trade.price);
      entry.minute.low = Math.min(entry.minute.low, trade.price);
      entry.minute.close = trade.price;
      entry.minute.volume += trade.size;
      refreshBidAsk(entry);
      entry.isChanged = true;
      entry.isDayChanged = true;
    },

    /** Moves each market's status to `nowMs`; a change counts as an update of its quotes. */
    refreshStatuses(nowMs: number) {
      for (const entry of entries.values()) {
        const status = statusOf(entry.instrument, nowMs, options.clock);
        if (status !== entry.status) {
          entry.status = status;
          entry.timestamp = nowMs;
          entry.isChanged = true;
        }
      }
    },

    /** The quotes changed since the last call (or all of them), as ticks. */
    takeTicks(isEveryQuote = false): QuoteTick[] {
      const ticks: QuoteTick[] = [];
      for (const entry of entries.values()) {
        if (entry.isChanged || !entry.tick) entry.tick = toTick(entry);
        if (entry.isChanged || isEveryQuote) ticks.push(entry.tick);
        entry.isChanged = false;
      }
      return ticks;
    },

    /** Candles to store: finished minutes, the minutes in progress and the days that moved. */
    takeCandles(): CandleRow[] {
      const rows = completedMinutes.splice(0, completedMinutes.length);
      for (const entry of entries.values()) {
        if (!entry.isDayChanged) continue;
        entry.isDayChanged = false;
        if (entry.minute) rows.push(minuteRow(entry));
        const [year, month, day] = entry.day.date.split('-').map(Number) as [number, number, number];
        const rule = entry.instrument.tickRule;
        rows.push({
          code: entry.instrument.code,
          interval: '1d',
          time: Date.UTC(year, month - 1, day),
          open: formatPrice(rule, entry.day.open),
          high: formatPrice(rule, entry.day.high),
          low: formatPrice(rule, entry.day.low),
          close: formatPrice(rule, entry.day.close),
          volume: String(Math.round(entry.day.volume)),
        });
      }
      return rows;
    },

    size() {
      return entries.size;
    },
  };
}
export type QuoteBook = ReturnType<typeof createQuoteBook>;

function minuteRow(entry: Entry): CandleRow {
  const minute = entry.minute;
  if (!minute) throw new Error('no minute in progress');
  const rule = entry.instrument.tickRule;
  return {
    code: entry.instrument.code,
    interval: '1m',
    time: minute.time,
    open: formatPrice(rule, minute.open),
    high: formatPrice(rule, minute.high),
    low: formatPrice(rule, minute.low),
    close: formatPrice(rule, minute.close),
    volume: String(Math.round(minute.volume)),
  };
}

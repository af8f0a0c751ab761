import { addDays, calendars, tradingDatesBetween } from './calendars.ts';
import type { ActivityOf, CandleRow, DayState, Trade, TradeSource } from './feed-types.ts';
import { formatPrice, type Instrument, roundToTick } from './instruments.ts';
import { createRandom, hashText, type Random } from './random.ts';
import { generateHistory, type History, type HistoryState, lotSizeOf, sessionMinutesPerDay, TRADING_DAYS_PER_YEAR } from './simulator.ts';

/**
 * Futures priced from their underlying at fair value: F = S × e^(carry × years to expiry) × (1 + basis),
 * S the underlying's simulated price (the index or pair of the catalog, or the product's spot series),
 * the basis a small noise bounded by `BASIS_BAND`. So ES tracks SPX, 6E tracks EURUSD, and the months
 * of a product differ by their carry, as on the exchange; nothing of a future walks on its own.
 */

/** Cost of carry per year (financing less what holding the underlying yields), per futures group. */
const CARRY_PER_YEAR: Record<string, number> = { equity: 0.03, energy: 0.02, metals: 0.04, grains: 0.03, rates: 0, currency: 0.02 };
/** The basis noise stays within this share of the fair value (15 basis points). */
export const BASIS_BAND = 0.0015;
/** The basis noise moves smoothly between knots this far apart. */
const BASIS_KNOT_MS = 3_600_000;
const YEAR_MS = 365 * 86_400_000;

/** e^(carry × years left): the fair value of the contract over its underlying at an instant. */
export function carryFactorOf(future: Instrument, atMs: number): number {
  const expiry = future.lastTradeDate ? Date.parse(`${future.lastTradeDate}T21:00:00Z`) : atMs;
  const years = Math.max(0, expiry - atMs) / YEAR_MS;
  return Math.exp((CARRY_PER_YEAR[future.group ?? ''] ?? 0) * years);
}

/** The basis noise at an instant: a deterministic, smooth function of time, within ±0.7 × BASIS_BAND. */
export function basisNoiseOf(future: Instrument, seed: number, atMs: number): number {
  const knot = Math.floor(atMs / BASIS_KNOT_MS);
  const at = (index: number) => (hashText(`${future.code}|basis|${index}`, seed) / 4294967296) * 2 - 1;
  const share = (atMs - knot * BASIS_KNOT_MS) / BASIS_KNOT_MS;
  return 0.7 * BASIS_BAND * (at(knot) * (1 - share) + at(knot + 1) * share);
}

/** The factor from the underlying's price to the future's at an instant. */
export function fairValueFactorOf(future: Instrument, seed: number, atMs: number): number {
  return carryFactorOf(future, atMs) * (1 + basisNoiseOf(future, seed, atMs));
}

/** The future's price, on its tick, for a price of its underlying at an instant. */
export function fairPriceOf(future: Instrument, seed: number, underlyingPrice: number, atMs: number): number {
  return roundToTick(future.tickRule, underlyingPrice * fairValueFactorOf(future, seed, atMs));
}

/** A candle of the underlying as the future's: every price times the same factor, the volume in the future's units. */
function scaledRow(future: Instrument, row: CandleRow, factor: number, underlying: Instrument): CandleRow {
  const price = (value: string) => formatPrice(future.tickRule, Number(value) * factor);
  const volume = Math.round((Number(row.volume) * future.dailyVolume) / Math.max(1, underlying.dailyVolume));
  return {
    ...row,
    code: future.code,
    open: price(row.open),
    high: price(row.high),
    low: price(row.low),
    close: price(row.close),
    volume: String(volume),
  };
}

function scaledDay(future: Instrument, underlying: Instrument, day: DayState, factor: number): DayState {
  const price = (value: number) => roundToTick(future.tickRule, value * factor);
  const volume = Math.round((day.volume * future.dailyVolume) / Math.max(1, underlying.dailyVolume));
  return {
    ...day,
    open: price(day.open),
    high: price(day.high),
    low: price(day.low),
    close: price(day.close),
    prevClose: price(day.prevClose),
    volume,
  };
}

/** A daily candle's instant for its fair value: the middle of its date (12:00 UTC). */
const dayInstantOf = (row: CandleRow) => row.time + 43_200_000;

/**
 * The history of any instrument: its own simulated walk, or for a future the candles of its
 * underlying's walk at fair value. `underlyingFrom` is where the underlying's stored history ends;
 * without it the underlying continues from the future's own end, brought back to the underlying.
 */
export function historyOf(
  instrument: Instrument,
  seed: number,
  from: HistoryState | null,
  endMs: number,
  shouldCollect: boolean,
  underlyingFrom: HistoryState | null = null,
): History {
  const underlying = instrument.underlying;
  if (!underlying) return generateHistory(instrument, seed, from, endMs, shouldCollect);
  const back = (state: HistoryState): HistoryState => {
    const factor = fairValueFactorOf(instrument, seed, state.time);
    return {
      time: state.time,
      price: state.price / factor,
      day: state.day ? scaledDay(underlying, instrument, state.day, 1 / factor) : null,
    };
  };
  const base = generateHistory(underlying, seed, underlyingFrom ?? (from ? back(from) : null), endMs, shouldCollect);
  const after = from?.time ?? Number.NEGATIVE_INFINITY;
  const firstDay = from?.day ? Date.parse(`${from.day.date}T00:00:00Z`) : Number.NEGATIVE_INFINITY;
  // The day in progress at the fair value of the end, so the quote's price and day are its candle's.
  const endFactor = fairValueFactorOf(instrument, seed, base.state.time);
  const lastDay = base.state.day ? Date.parse(`${base.state.day.date}T00:00:00Z`) : Number.NaN;
  const daily = base.daily.map((row) =>
    scaledRow(instrument, row, row.time === lastDay ? endFactor : fairValueFactorOf(instrument, seed, dayInstantOf(row)), underlying),
  );
  const day = base.state.day ? scaledDay(instrument, underlying, base.state.day, endFactor) : null;
  if (day && base.state.day) {
    // The previous close is the close of the candle before, as the chart draws it (collected or not).
    const calendar = calendars[underlying.calendar];
    const previousDate = tradingDatesBetween(calendar, addDays(day.date, -14), addDays(day.date, -1)).at(-1);
    const factor = previousDate ? fairValueFactorOf(instrument, seed, Date.parse(`${previousDate}T12:00:00Z`)) : endFactor;
    day.prevClose = roundToTick(instrument.tickRule, base.state.day.prevClose * factor);
  }
  return {
    daily: daily.filter((row) => row.time >= firstDay),
    minutes: base.minutes
      .filter((row) => row.time >= after)
      .map((row) => scaledRow(instrument, row, fairValueFactorOf(instrument, seed, row.time), underlying)),
    state: { time: base.state.time, price: roundToTick(instrument.tickRule, base.state.price * endFactor), day },
  };
}

type LiveFuture = { instrument: Instrument; underlying: Instrument; random: Random };

/**
 * While an index is closed and its futures trade (US evenings on Globex), the price the futures imply
 * walks on with the index's volatility; when the index reopens it starts from there (plus its usual
 * opening gap), as a real index opens where its futures left it.
 */
function createOvernightWalks(inner: TradeSource, seed: number, lastPrice: Map<string, number>) {
  const walks = new Map<string, { at: number; random: Random }>();
  return function step(future: LiveFuture, nowMs: number, activityOf: ActivityOf) {
    const { underlying } = future;
    const price = lastPrice.get(underlying.code);
    const walk = walks.get(underlying.code);
    if (price === undefined) return;
    if (activityOf(underlying, nowMs) > 0) {
      if (walk) inner.start(underlying, roundToTick(underlying.tickRule, price), false);
      walks.delete(underlying.code);
      return;
    }
    if (activityOf(future.instrument, nowMs) === 0 || walk?.at === nowMs) return;
    if (!walk) {
      walks.set(underlying.code, { at: nowMs, random: createRandom(seed, underlying.code, 'overnight', nowMs) });
      return;
    }
    const years = (nowMs - walk.at) / (TRADING_DAYS_PER_YEAR * sessionMinutesPerDay(calendars[future.instrument.calendar]) * 60_000);
    lastPrice.set(underlying.code, price * Math.exp(underlying.volatility * Math.sqrt(years) * walk.random.normal()));
    walk.at = nowMs;
  };
}

/**
 * The live side: a source whose futures trade at fair value over the latest price of their
 * underlying. The inner source walks the underlyings (an underlying the catalog does not quote, such
 * as gold's spot series, is started by its first contract and never reported); each future then
 * trades in its own hours, overnight too, over its underlying's last price (walked on while the
 * underlying is closed, `createOvernightWalks`).
 */
export function withFairValueFutures(inner: TradeSource, seed: number): TradeSource {
  const futures = new Map<string, LiveFuture>();
  const lastPrice = new Map<string, number>();
  const hidden = new Set<string>();
  const stepOvernight = createOvernightWalks(inner, seed, lastPrice);
  return {
    name: inner.name,
    origin: inner.origin,
    start(instrument, price, isOpenNow) {
      const underlying = instrument.underlying;
      if (!underlying) {
        hidden.delete(instrument.code);
        lastPrice.set(instrument.code, price);
        inner.start(instrument, price, isOpenNow);
        return;
      }
      futures.set(instrument.code, { instrument, underlying, random: createRandom(seed, instrument.code, 'fair', price) });
      if (!lastPrice.has(underlying.code)) {
        hidden.add(underlying.code);
        const underlyingPrice = price / fairValueFactorOf(instrument, seed, Date.now());
        lastPrice.set(underlying.code, underlyingPrice);
        inner.start(underlying, underlyingPrice, isOpenNow);
      }
    },
    next(nowMs, activityOf) {
      const trades: Trade[] = [];
      // First, so an underlying that reopens this round opens from where its futures left it.
      for (const future of futures.values()) stepOvernight(future, nowMs, activityOf);
      for (const trade of inner.next(nowMs, activityOf)) {
        lastPrice.set(trade.code, trade.price);
        if (!hidden.has(trade.code)) trades.push(trade);
      }
      for (const { instrument, underlying, random } of futures.values()) {
        const activity = activityOf(instrument, nowMs);
        const underlyingPrice = lastPrice.get(underlying.code);
        if (activity === 0 || underlyingPrice === undefined || random.next() > 0.6 * activity) continue;
        const price = fairPriceOf(instrument, seed, underlyingPrice, nowMs);
        trades.push({ code: instrument.code, timestamp: nowMs, price, size: lotSizeOf(instrument, random, activity) });
      }
      return trades;
    },
  };
}

import { SIMULATED_DATA_SOURCE } from '@bolsa/contracts';
import {
  addDays,
  type Calendar,
  calendars,
  localTimeOf,
  MAX_SESSION_LEAD_DAYS,
  recentTradingDates,
  sessionsOf,
  tradingDatesBetween,
} from './calendars.ts';
import type { CandleRow, DayState, Trade, TradeSource } from './feed-types.ts';
import { formatPrice, type Instrument, roundToTick } from './instruments.ts';
import { createRandom, type Random } from './random.ts';

/**
 * The simulated market: geometric Brownian motion in log price with mean reversion towards the
 * instrument's reference price, volatility calibrated from its 52-week range, an intraday U-shaped
 * volatility and volume profile, an overnight gap at each open, and prices rounded to the tick.
 * Everything is drawn from a seeded random source, so a seed gives the same series every time.
 */

export const TRADING_DAYS_PER_YEAR = 252;
/** Mean reversion speed per year: a deviation halves in about four months. */
const MEAN_REVERSION_PER_YEAR = 2;
/** Overnight gap as a share of a day's volatility. */
const GAP_SHARE = 0.35;
export const MINUTE_HISTORY_TRADING_DAYS = 5;
export const DAILY_HISTORY_CALENDAR_DAYS = 366;

export function sessionMinutesPerDay(calendar: Calendar): number {
  if (calendar.kind === 'weekly') {
    const paused = (calendar.pauses ?? []).reduce((sum, [start, end]) => sum + (end - start), 0);
    return ((24 * 60 - (calendar.openMinute - calendar.closeMinute)) % (24 * 60) || 24 * 60) - paused;
  }
  return calendar.sessions.reduce((sum, [open, close]) => sum + (close - open), 0);
}

/** U-shaped intraday profile: busy at the open and the close, quiet at midday. `progress` in [0, 1]. */
export function intradayProfile(progress: number): number {
  const centred = (progress - 0.5) * 2;
  return 0.45 + 1.65 * centred * centred;
}
/** The profile's mean over a session, so volumes add up to the daily volume. */
const PROFILE_MEAN = 0.45 + 1.65 / 3;

function stepLogPrice(logPrice: number, instrument: Instrument, dtYears: number, shock: number, scale = 1): number {
  const sigma = instrument.volatility * scale;
  const pull = MEAN_REVERSION_PER_YEAR * (Math.log(instrument.referencePrice) - logPrice) * dtYears;
  return logPrice + pull - 0.5 * sigma * sigma * dtYears + sigma * Math.sqrt(dtYears) * shock;
}

function gapShock(instrument: Instrument, random: Random): number {
  return instrument.volatility * Math.sqrt(1 / TRADING_DAYS_PER_YEAR) * GAP_SHARE * random.normal();
}

export type HistoryState = { time: number; price: number; day: DayState | null };
export type History = { daily: CandleRow[]; minutes: CandleRow[]; state: HistoryState };

function dayRow(code: string, day: DayState, instrument: Instrument): CandleRow {
  const [year, month, date] = day.date.split('-').map(Number) as [number, number, number];
  return {
    code,
    interval: '1d',
    time: Date.UTC(year, month - 1, date),
    open: formatPrice(instrument.tickRule, day.open),
    high: formatPrice(instrument.tickRule, day.high),
    low: formatPrice(instrument.tickRule, day.low),
    close: formatPrice(instrument.tickRule, day.close),
    volume: String(Math.round(day.volume)),
  };
}

/** Where a history run starts: a copy of the last stored state, or a first price drawn around the reference. */
function startState(instrument: Instrument, random: Random, from: HistoryState | null, endMs: number): HistoryState {
  if (from) return { time: from.time, price: from.price, day: from.day ? { ...from.day } : null };
  // A stock listed by an offering has no market before its listing: its prices start there, at the offer price.
  const listedAt = instrument.offeringListedAtMs;
  if (listedAt !== null && listedAt > endMs - DAILY_HISTORY_CALENDAR_DAYS * 86_400_000) {
    return { time: Math.min(listedAt, endMs), price: roundToTick(instrument.tickRule, instrument.referencePrice), day: null };
  }
  const startPrice = roundToTick(instrument.tickRule, instrument.referencePrice * Math.exp(instrument.volatility * 0.25 * random.normal()));
  return { time: endMs - DAILY_HISTORY_CALENDAR_DAYS * 86_400_000, price: startPrice, day: null };
}

/**
 * Extends an instrument's history from `from` (its last stored state, or nothing on a first start)
 * up to `endMs`: daily candles for days older than the last five trading days, one-minute candles for
 * those five (the day's candle is then built from its minutes). Deterministic for the same inputs.
 * With `shouldCollect` false only the final state is computed (cheap, no candle objects kept).
 */
export function generateHistory(
  instrument: Instrument,
  seed: number,
  from: HistoryState | null,
  endMs: number,
  shouldCollect = true,
): History {
  const calendar = calendars[instrument.calendar];
  const random = createRandom(seed, instrument.code, from?.time ?? 'start', endMs);
  const daily: CandleRow[] = [];
  const minutes: CandleRow[] = [];
  const minutesPerDay = sessionMinutesPerDay(calendar);
  const minuteDt = 1 / (TRADING_DAYS_PER_YEAR * minutesPerDay);
  const tick = (price: number) => roundToTick(instrument.tickRule, price);

  const state = startState(instrument, random, from, endMs);
  const minuteDates = new Set(recentTradingDates(calendar, endMs, MINUTE_HISTORY_TRADING_DAYS));
  const firstDate = addDays(localTimeOf(state.time, calendar.timeZone).date, -1);
  // The trade date in progress may lie days ahead (the Monday after a Friday holiday halt).
  const lastDate = addDays(localTimeOf(endMs, calendar.timeZone).date, MAX_SESSION_LEAD_DAYS);
  let logPrice = Math.log(state.price);

  for (const date of tradingDatesBetween(calendar, firstDate, lastDate)) {
    const sessions = sessionsOf(calendar, date).filter((session) => session.close > state.time && session.open < endMs);
    if (sessions.length === 0) continue;
    if (state.day?.date !== date) {
      if (state.day && shouldCollect) daily.push(dayRow(instrument.code, state.day, instrument));
      const prevClose = state.price;
      logPrice += gapShock(instrument, random);
      const open = tick(Math.exp(logPrice));
      logPrice = Math.log(open);
      state.day = { date, open, high: open, low: open, close: open, volume: 0, prevClose };
      state.price = open;
    }
    const day = state.day;
    if (minuteDates.has(date)) {
      const dayOpen = sessions[0]?.open ?? 0;
      for (const session of sessions) {
        for (
          let minute = Math.max(session.open, Math.ceil(state.time / 60_000) * 60_000);
          minute + 60_000 <= Math.min(session.close, endMs);
          minute += 60_000
        ) {
          const progress = Math.min(1, (minute - dayOpen) / (minutesPerDay * 60_000));
          const profile = intradayProfile(progress);
          const open = state.price;
          logPrice = stepLogPrice(logPrice, instrument, minuteDt, random.normal(), Math.sqrt(profile / PROFILE_MEAN));
          const close = tick(Math.exp(logPrice));
          const wiggle = instrument.volatility * Math.sqrt(minuteDt) * 0.5;
          const high = Math.max(open, close, tick(Math.max(open, close) * (1 + Math.abs(random.normal()) * wiggle)));
          const low = Math.min(open, close, tick(Math.min(open, close) * (1 - Math.abs(random.normal()) * wiggle)));
          const volume = Math.round(((instrument.dailyVolume * profile) / PROFILE_MEAN / minutesPerDay) * Math.exp(0.3 * random.normal()));
          if (shouldCollect) {
            minutes.push({
              code: instrument.code,
              interval: '1m',
              time: minute,
              open: formatPrice(instrument.tickRule, open),
              high: formatPrice(instrument.tickRule, high),
              low: formatPrice(instrument.tickRule, low),
              close: formatPrice(instrument.tickRule, close),
              volume: String(volume),
            });
          }
          day.high = Math.max(day.high, high);
          day.low = Math.min(day.low, low);
          day.close = close;
          day.volume += volume;
          state.price = close;
          state.time = minute + 60_000;
        }
      }
    } else {
      const lastSession = sessions[sessions.length - 1];
      if (!lastSession || lastSession.close > endMs) continue;
      logPrice = stepLogPrice(logPrice, instrument, 1 / TRADING_DAYS_PER_YEAR, random.normal());
      const close = tick(Math.exp(logPrice));
      const wiggle = instrument.volatility * Math.sqrt(1 / TRADING_DAYS_PER_YEAR) * 0.6;
      day.high = Math.max(day.high, close, tick(Math.max(day.open, close) * (1 + Math.abs(random.normal()) * wiggle)));
      day.low = Math.min(day.low, close, tick(Math.min(day.open, close) * (1 - Math.abs(random.normal()) * wiggle)));
      day.close = close;
      day.volume = Math.round(instrument.dailyVolume * Math.exp(0.35 * random.normal()));
      state.price = close;
      state.time = lastSession.close;
    }
  }
  if (state.day && shouldCollect) daily.push(dayRow(instrument.code, state.day, instrument));
  return { daily, minutes, state };
}

type LiveState = { logPrice: number; lastTradeAt: number; isOpen: boolean; random: Random; instrument: Instrument; dayOpenAt: number };

/**
 * The live side of the simulator: on each call, every open instrument trades with a probability
 * that follows the intraday profile; its price moves by the same model over the elapsed trading
 * time. The first trade after a closed market carries the overnight gap. In the US pre- and
 * post-market (activity below 1) trades are rarer and smaller and the price moves as at midday.
 */
export function createSimulatedSource(options: { seed: number; roundsPerSecond?: number }): TradeSource {
  const states = new Map<string, LiveState>();
  return {
    name: 'simulated',
    origin: SIMULATED_DATA_SOURCE,
    start(instrument, price, isOpenNow) {
      states.set(instrument.code, {
        logPrice: Math.log(price),
        lastTradeAt: 0,
        isOpen: isOpenNow,
        random: createRandom(options.seed, instrument.code, 'live', price),
        instrument,
        dayOpenAt: 0,
      });
    },
    next(nowMs, activityOf) {
      const trades: Trade[] = [];
      for (const state of states.values()) {
        const { instrument, random } = state;
        const activity = activityOf(instrument, nowMs);
        if (activity === 0) {
          state.isOpen = false;
          continue;
        }
        const calendar = calendars[instrument.calendar];
        const minutesPerDay = sessionMinutesPerDay(calendar);
        if (!state.isOpen) {
          state.isOpen = true;
          state.logPrice += gapShock(instrument, random);
          state.lastTradeAt = nowMs;
          state.dayOpenAt = nowMs;
          const price = roundToTick(instrument.tickRule, Math.exp(state.logPrice));
          state.logPrice = Math.log(price);
          trades.push({ code: instrument.code, timestamp: nowMs, price, size: lotSizeOf(instrument, random, activity) });
          continue;
        }
        if (state.lastTradeAt === 0) state.lastTradeAt = nowMs - 1_000;
        const session = activity < 1 ? undefined : sessionsOf(calendar, localTimeOf(nowMs, calendar.timeZone).date)[0];
        const progress = session ? Math.min(1, Math.max(0, (nowMs - session.open) / (minutesPerDay * 60_000))) : 0.5;
        const profile = intradayProfile(progress);
        if (random.next() > Math.min(0.95, 0.5 * profile + 0.25) * activity) continue;
        const dtYears = Math.max(1, nowMs - state.lastTradeAt) / (TRADING_DAYS_PER_YEAR * minutesPerDay * 60_000);
        state.logPrice = stepLogPrice(state.logPrice, instrument, dtYears, random.normal(), Math.sqrt(profile / PROFILE_MEAN));
        const price = roundToTick(instrument.tickRule, Math.exp(state.logPrice));
        state.lastTradeAt = nowMs;
        trades.push({ code: instrument.code, timestamp: nowMs, price, size: lotSizeOf(instrument, random, activity) });
      }
      return trades;
    },
  };
}

export function lotSizeOf(instrument: Instrument, random: Random, activity: number): number {
  const lot = Number(instrument.lotSize);
  const lots = 1 + Math.floor(-Math.log(1 - random.next()) * 8 * activity);
  return lot * lots * (instrument.source === '99' ? 1000 : 1);
}

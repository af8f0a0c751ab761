import type { QuoteTick } from '@bolsa/contracts';
import type { Instrument } from './instruments.ts';

/** One trade produced by a source of prices (the simulator or a replayed file). */
export type Trade = { code: string; timestamp: number; price: number; size: number };

/**
 * How busy an instrument's market is at an instant: 1 in its regular session, `EXTENDED_HOURS_ACTIVITY`
 * in the US pre- and post-market (fewer trades, smaller sizes), 0 when it does not trade.
 */
export type ActivityOf = (instrument: Instrument, atMs: number) => number;
export const EXTENDED_HOURS_ACTIVITY = 0.2;

/**
 * Where trades come from. `next` returns the trades that happened up to `nowMs` (and after the
 * previous call), only for instruments whose market `activityOf` says is trading.
 */
export interface TradeSource {
  readonly name: string;
  /** Where its prices come from: `SIMULATED_DATA_SOURCE` for the simulator and a replay, a vendor's name otherwise. */
  readonly origin: string;
  /** Starts an instrument at a price (the end of its stored history) before the first `next`. */
  start(instrument: Instrument, price: number, isOpenNow: boolean): void;
  next(nowMs: number, activityOf: ActivityOf): Trade[];
}

/** A stored candle: prices as decimal strings, the bucket start in Unix milliseconds. */
export type CandleRow = {
  code: string;
  interval: '1m' | '1d';
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
};

/** The day so far of one instrument, carried from history into the live feed. */
export type DayState = { date: string; open: number; high: number; low: number; close: number; volume: number; prevClose: number };

/**
 * The market data an app process can read: the latest quote per instrument, live quotes to
 * subscribe to, and stored candles. Every process has one; only the leader produces prices.
 */
export interface MarketFeed {
  /** The data source every quote of this feed carries (its trade source's origin). */
  readonly origin: string;
  /** Resolves once the first quotes are known (immediately on the leader after its start). */
  ready(): Promise<void>;
  isReady(): boolean;
  latest(code: string): QuoteTick | undefined;
  subscribe(code: string, handler: (tick: QuoteTick) => void): () => void;
  /**
   * Calls `listener` once per round of quotes with every tick of the round that `subscribe` handlers
   * received (after them), so a consumer of many instruments can handle a round in one pass.
   */
  subscribeRounds(listener: (ticks: readonly QuoteTick[]) => void): () => void;
  history(code: string, interval: '1m' | '1d', fromMs: number, toMs: number): Promise<CandleRow[]>;
}

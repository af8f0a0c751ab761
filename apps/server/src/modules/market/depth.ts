import type { Depth, DepthLevel, QuoteTick, TapeTrade } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { type Instrument, tickSizeAt } from './instruments.ts';
import type { FeedEngine } from './market-feed.ts';
import { createRandom } from './random.ts';

/**
 * The order book of five levels a side and the tape of recent trades (issue 17 §2).
 *
 * The feed quotes one bid and one ask with their sizes; nothing deeper exists in a simulated market, so
 * the levels behind them are simulated too, and the answer says so (`isSimulated`): the first level of
 * each side is the feed's bid or ask with its size, each next one a tick further, its size drawn
 * deterministically (the same quote always gives the same book) around the first level's size.
 *
 * The tape is what the feed traded: each quote whose day volume grew is one print of that growth at
 * the quote's price, a buy when it traded at or above the ask before it, a sell at or below the bid,
 * otherwise by the direction of the price. Kept in memory per process from its start, the latest
 * `TAPE_LENGTH` per instrument.
 */

export const DEPTH_LEVELS = 5;
export const TAPE_LENGTH = 20;

/** The five levels of one side, from the feed's own best price outwards. */
export function levelsOf(instrument: Instrument, tick: QuoteTick, side: 'bid' | 'ask'): DepthLevel[] {
  const best = side === 'bid' ? tick.bid : tick.ask;
  const bestVolume = side === 'bid' ? tick.bidVolume : tick.askVolume;
  if (!best || new Decimal(best).lte(0)) return [];
  const tickSize = tickSizeAt(instrument.tickRule, Number(best));
  const decimals = tickSize.split('.')[1]?.length ?? 0;
  const lot = new Decimal(instrument.lotSize || '1');
  const baseLots = Decimal.max(1, new Decimal(bestVolume || '0').div(lot).floor());
  const random = createRandom('depth', instrument.code, tick.timestamp, side);
  const levels: DepthLevel[] = [{ price: best, volume: bestVolume }];
  for (let level = 1; level < DEPTH_LEVELS; level += 1) {
    const step = new Decimal(tickSize).times(level);
    const price = side === 'bid' ? new Decimal(best).minus(step) : new Decimal(best).plus(step);
    if (price.lte(0)) break;
    // Deeper levels tend to hold more: 0.5× to 2× the best level's size, growing a little per level.
    const factor = 0.5 + random.next() * 1.5 + level * 0.2;
    const lots = Decimal.max(1, baseLots.times(factor).floor());
    levels.push({ price: price.toFixed(decimals), volume: lots.times(lot).toFixed() });
  }
  return levels;
}

/** The prints of one quote after the one before it: the day volume's growth, or nothing. */
export function tradeOf(previous: QuoteTick | undefined, tick: QuoteTick): TapeTrade | undefined {
  if (!previous || previous.tradeDate !== tick.tradeDate) return undefined;
  const volume = new Decimal(tick.volume).minus(previous.volume);
  if (volume.lte(0)) return undefined;
  const price = new Decimal(tick.price);
  let side: TapeTrade['side'];
  if (price.gte(previous.ask)) side = 'buy';
  else if (price.lte(previous.bid)) side = 'sell';
  else side = price.gt(previous.price) ? 'buy' : price.lt(previous.price) ? 'sell' : 'neutral';
  return { time: tick.timestamp, price: tick.price, volume: volume.toFixed(), side };
}

export function createDepth(dependencies: { feed: FeedEngine; requireInstrument: (code: string, market?: string) => Instrument }) {
  const { feed, requireInstrument } = dependencies;
  const previousTicks = new Map<string, QuoteTick>();
  const tapes = new Map<string, TapeTrade[]>();
  feed.subscribeRounds((ticks) => {
    for (const tick of ticks) {
      const trade = tradeOf(previousTicks.get(tick.code), tick);
      previousTicks.set(tick.code, tick);
      if (!trade) continue;
      const tape = tapes.get(tick.code) ?? [];
      tape.unshift(trade);
      if (tape.length > TAPE_LENGTH) tape.length = TAPE_LENGTH;
      tapes.set(tick.code, tape);
    }
  });

  return {
    /** The book and tape of one instrument now; an index has neither (it is not traded). */
    depth(code: string, market: string | undefined): Depth {
      const instrument = requireInstrument(code, market);
      const tick = feed.latest(instrument.code);
      const isTraded = instrument.source !== '99';
      return {
        stockCode: instrument.code,
        dataSource: feed.origin,
        isSimulated: true,
        timestamp: tick?.timestamp ?? null,
        bids: tick && isTraded ? levelsOf(instrument, tick, 'bid') : [],
        asks: tick && isTraded ? levelsOf(instrument, tick, 'ask') : [],
        trades: isTraded ? [...(tapes.get(instrument.code) ?? [])] : [],
      };
    },
  };
}

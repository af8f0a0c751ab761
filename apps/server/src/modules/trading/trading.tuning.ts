import type { GroupQueueOptions } from '../../platform/db/index.ts';
import { SYSTEM_ACCOUNT_SHARDS } from '../ledger/index.ts';

/**
 * Groups of orders that fill at once (ADR 0011, 0012, 0013), measured on the 2-core reference machine
 * (bench/README.md): two groups of up to 32 side by side, each in its own lane of house and fee shards,
 * placed 8,200-8,600 orders/s through the service with 64 virtual users (16 per group in four lanes:
 * 7,500-7,950/s; 16 in two: 6,800/s). Over HTTP the server process, not the database, is the limit, and
 * each group costs it a round trip's work: a lane sent its next group as soon as its last returned, and
 * groups averaged 12 (0.69-0.74x pgbench). So a lane goes alongside the other's group only with 16 orders
 * and while the event loop was busy under 65 % of the last 100 ms: over HTTP (busy 69-94 %) the lanes
 * mostly take turns, 0.83-0.91x against 0.72-0.75x with two side by side in the same hour; through the
 * service alone (busy 47-70 %) they mostly go together, 1.27-1.47x (one group at a time there: 1.01-1.12x).
 * Nothing waits longer than the other group's flight.
 */
export const filledOrderGroupOptions: GroupQueueOptions = {
  maxItems: 32,
  maxGroupsInFlight: 2,
  minItemsAlongside: 16,
  maxUtilizationAlongside: 0.65,
};

/**
 * The shard of the ledger's house and fee accounts a user's money moves through (ADR 0004): users of
 * different shards move disjoint accounts (their wallets, and those shards). The order queue's lanes
 * (`laneOf`) and the engine's fill partitions are both taken from it, so that two commit groups, or two
 * fill batches, in flight at once never wait on each other's row locks.
 */
export const accountShardOf = (userId: number) => userId % SYSTEM_ACCOUNT_SHARDS;

/** At most this many orders fill in one transaction (a fill batch); a quote crossing more fills them in several. */
export const FILL_BATCH_MAX = 64;

/**
 * The fills of one quote are split into this many partitions by account shard (`accountShardOf`), each
 * partition filled in its own batches: partitions run side by side on the pool without waiting on each
 * other's locks, so a quote's SQL work is spread over the database's cores (ADR 0008).
 */
export const FILL_PARTITIONS = 4;

/** How long after a contract's expiry its settlement waits, so the last minute's candle is stored. */
export const SETTLEMENT_DELAY_MS = 2 * 60_000;

/** The tuned numbers of trading that only work together: checked once, when the trading service is created. */
export type TradingTuning = {
  /** The ledger's shards of its house and fee accounts (`SYSTEM_ACCOUNT_SHARDS`). */
  accountShards: number;
  /** How orders that fill at once are grouped into commits, or false when each is placed alone. */
  orderGroups: GroupQueueOptions | false;
  fillPartitions: number;
  fillBatchMax: number;
};

export const tradingTuning: TradingTuning = {
  accountShards: SYSTEM_ACCOUNT_SHARDS,
  orderGroups: filledOrderGroupOptions,
  fillPartitions: FILL_PARTITIONS,
  fillBatchMax: FILL_BATCH_MAX,
};

const isWhole = (value: number) => Number.isInteger(value) && value >= 1;

/**
 * Throws when the tuned numbers do not fit together: the order queue's lanes (one per group in flight) and
 * the engine's fill partitions each take a whole, equal share of the account shards (a count that does not
 * divide the shards leaves lanes or partitions with more shards than others, and one above it leaves some
 * never used); a lane must be able to reach the fill it waits for before going alongside another group;
 * the busy share is a share.
 */
export function assertTradingTuning(tuning: TradingTuning): void {
  const problems: string[] = [];
  const { accountShards, orderGroups, fillPartitions, fillBatchMax } = tuning;
  if (!isWhole(accountShards)) problems.push(`account shards must be a whole number from 1 (got ${accountShards})`);
  if (!isWhole(fillPartitions) || accountShards % fillPartitions !== 0)
    problems.push(`fill partitions (${fillPartitions}) must divide the ${accountShards} account shards`);
  if (!isWhole(fillBatchMax)) problems.push(`a fill batch must hold at least one order (got ${fillBatchMax})`);
  if (orderGroups !== false) {
    const { maxItems, maxGroupsInFlight, minItemsAlongside, maxUtilizationAlongside } = orderGroups;
    if (!isWhole(maxItems)) problems.push(`an order group must hold at least one order (got ${maxItems})`);
    if (!isWhole(maxGroupsInFlight) || accountShards % maxGroupsInFlight !== 0)
      problems.push(`order groups in flight, one per lane (${maxGroupsInFlight}), must divide the ${accountShards} account shards`);
    if (minItemsAlongside !== undefined && (!isWhole(minItemsAlongside) || minItemsAlongside > maxItems))
      problems.push(`a lane cannot wait for ${minItemsAlongside} orders before going alongside: a group holds at most ${maxItems}`);
    if (maxUtilizationAlongside !== undefined && !(maxUtilizationAlongside > 0 && maxUtilizationAlongside <= 1))
      problems.push(`the busy share alongside must lie in (0, 1] (got ${maxUtilizationAlongside})`);
  }
  if (problems.length > 0) throw new Error(`trading: the tuned constants do not fit together: ${problems.join('; ')}`);
}

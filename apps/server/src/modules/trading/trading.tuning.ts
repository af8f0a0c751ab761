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
 * Fills of users in different lanes move disjoint accounts (their wallets, and the ledger's house and fee
 * shards, picked by user id): they run in parallel transactions that never wait on each other.
 */
export const fillLaneOf = (userId: number) => userId % SYSTEM_ACCOUNT_SHARDS;

/** How long after a contract's expiry its settlement waits, so the last minute's candle is stored. */
export const SETTLEMENT_DELAY_MS = 2 * 60_000;

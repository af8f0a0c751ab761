import { createHash } from 'node:crypto';
import type { AllocationRule } from '@bolsa/contracts';
import Decimal from 'decimal.js';

/**
 * The allotment rule of every offering, a pure function anyone can run again: given the rule, the lots
 * offered, the applications (public number and lots) and the seed revealed after the draw, it answers
 * the same lots for each application every time.
 *
 * - Demand within supply: every application receives what it applied for.
 * - `ballot_one_lot_priority`, oversubscribed: every applicant first receives one lot (when there are
 *   more applicants than lots, the lots go to the applicants whose ticket ranks first); the lots left are
 *   balloted among the remaining applied-for lots, each lot a ticket.
 * - `pro_rata`, oversubscribed: each receives ⌊lots × supply ÷ demand⌋; the few lots the rounding leaves
 *   go one each to the applications whose ticket ranks first.
 *
 * A ticket's rank is sha256("<seed>:<application number>:<ticket>") in hex, lowest first.
 */

export type Applicant = { applicationNo: number; lots: number };
export type AllotmentOutcome = {
  /** Lots per application, in the order given. */
  allotted: number[];
  demandLots: number;
  /** Lots each applicant received before the ballot (1 under one-lot priority when every applicant gets one). */
  guaranteedLots: number;
  balloted: boolean;
};

export function ticketRank(seed: string, applicationNo: number, ticket: number): string {
  return createHash('sha256').update(`${seed}:${applicationNo}:${ticket}`).digest('hex');
}

export function seedHashOf(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

/** The first `count` of `items` by rank (lowest first); ties cannot happen but fall back to input order. */
function firstByRank<T>(items: readonly T[], rankOf: (item: T) => string, count: number): T[] {
  if (count <= 0) return [];
  const ranked = items.map((item) => ({ item, rank: rankOf(item) }));
  ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  return ranked.slice(0, count).map((entry) => entry.item);
}

function ballotOneLotPriority(applicants: readonly Applicant[], totalLots: number, seed: string, allotted: number[]) {
  const indexes = applicants.map((_, index) => index);
  if (applicants.length >= totalLots) {
    for (const index of firstByRank(indexes, (i) => ticketRank(seed, applicants[i]?.applicationNo ?? 0, 1), totalLots)) allotted[index] = 1;
    return 0;
  }
  for (const index of indexes) allotted[index] = 1;
  const tickets: Array<{ index: number; ticket: number }> = [];
  for (const [index, applicant] of applicants.entries()) {
    for (let ticket = 2; ticket <= applicant.lots; ticket += 1) tickets.push({ index, ticket });
  }
  const winners = firstByRank(
    tickets,
    (t) => ticketRank(seed, applicants[t.index]?.applicationNo ?? 0, t.ticket),
    totalLots - applicants.length,
  );
  for (const winner of winners) allotted[winner.index] = (allotted[winner.index] ?? 0) + 1;
  return 1;
}

function proRata(applicants: readonly Applicant[], totalLots: number, demandLots: number, seed: string, allotted: number[]) {
  let given = 0;
  for (const [index, applicant] of applicants.entries()) {
    const share = Math.floor((applicant.lots * totalLots) / demandLots);
    allotted[index] = share;
    given += share;
  }
  const short = applicants.map((_, index) => index).filter((index) => (allotted[index] ?? 0) < (applicants[index]?.lots ?? 0));
  for (const index of firstByRank(short, (i) => ticketRank(seed, applicants[i]?.applicationNo ?? 0, 0), totalLots - given)) {
    allotted[index] = (allotted[index] ?? 0) + 1;
  }
}

export function allot(rule: AllocationRule, totalLots: number, applicants: readonly Applicant[], seed: string): AllotmentOutcome {
  const demandLots = applicants.reduce((sum, applicant) => sum + applicant.lots, 0);
  if (demandLots <= totalLots) {
    return { allotted: applicants.map((applicant) => applicant.lots), demandLots, guaranteedLots: 0, balloted: false };
  }
  const allotted = applicants.map(() => 0);
  if (rule === 'pro_rata') {
    proRata(applicants, totalLots, demandLots, seed, allotted);
    return { allotted, demandLots, guaranteedLots: 0, balloted: true };
  }
  const guaranteedLots = ballotOneLotPriority(applicants, totalLots, seed, allotted);
  return { allotted, demandLots, guaranteedLots, balloted: true };
}

/** What an application of `shares` at `price` holds: the amount, the fee on it (half-even to the cent) and both. */
export function costOf(price: Decimal.Value, shares: number, feeRate: Decimal.Value) {
  const amount = new Decimal(price).times(shares).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
  const fee = amount.times(feeRate).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
  return { amount, fee, total: amount.plus(fee) };
}

/** The money of one application's allotment: what is paid (shares and fee) and what returns, adding up to the hold. */
export function settlementOf(input: {
  price: Decimal.Value;
  lotSize: number;
  feeRate: Decimal.Value;
  held: Decimal.Value;
  allottedLots: number;
}) {
  const { amount, fee } = costOf(input.price, input.allottedLots * input.lotSize, input.feeRate);
  const refund = new Decimal(input.held).minus(amount).minus(fee);
  return { amount, fee, refund };
}

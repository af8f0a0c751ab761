import { count } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { fundProducts, fundRates } from './funds.tables.ts';
import { addDays, dayOf, startOf } from './funds.terms.ts';

/** The products a deployment starts with (added once; operators change them after). Rates in basis points a year. */
export const defaultFundProducts = [
  { kind: 'current' as const, code: 'LIQ-USD', name: 'Bolsa Liquidez USD', minAmount: '1', instantRedeemDailyCap: '10000' },
  {
    kind: 'period' as const,
    code: 'PLAZO-30',
    name: 'Plazo fijo 30 días',
    minAmount: '100',
    periodDays: 30,
    rateBps: 300,
    isEarlyRedemptionAllowed: true,
    earlyRedemptionFeeBps: 50,
  },
  { kind: 'period' as const, code: 'PLAZO-90', name: 'Plazo fijo 90 días', minAmount: '500', periodDays: 90, rateBps: 375 },
];

export async function seedFundProducts(executor: Executor) {
  const [existing] = await executor.select({ n: count() }).from(fundProducts);
  if ((existing?.n ?? 0) > 0) return;
  await executor.insert(fundProducts).values(defaultFundProducts).onConflictDoNothing();
}

/**
 * Demo: the current fund's rates from a week ago through tomorrow, each as an operator publishes them,
 * the day before the day it applies to (a rate is never published for a day already started), so the
 * demo's income job has a rate for today and tomorrow without anyone touching the console. Fixed keys
 * (product and day): a restart adds the days missing and changes none.
 */
export async function seedDemoFundRates(executor: Executor, now: Date) {
  const [current] = await executor.select().from(fundProducts).limit(1);
  if (current?.kind !== 'current') return;
  // Seven past days, today (index 7) and tomorrow.
  const rates = [212, 214, 213, 215, 215, 216, 214, 215, 213];
  const today = dayOf(now);
  const rows = rates.map((rateBps, index) => {
    const date = addDays(today, index - 7);
    const dayBefore = new Date(startOf(date).getTime() - 12 * 3_600_000);
    return { productId: current.id, date, rateBps, publishedAt: dayBefore < now ? dayBefore : now };
  });
  await executor.insert(fundRates).values(rows).onConflictDoNothing();
}

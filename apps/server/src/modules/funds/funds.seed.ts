import { count } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { fundProducts, fundRates } from './funds.tables.ts';
import { addDays, dayOf } from './funds.terms.ts';

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

/** Demo: the current fund's rates of the last seven days, as an operator would have published them (fixed keys: product and day). */
export async function seedDemoFundRates(executor: Executor, now: Date) {
  const [current] = await executor.select().from(fundProducts).limit(1);
  if (current?.kind !== 'current') return;
  const rates = [212, 214, 213, 215, 215, 216, 214];
  const today = dayOf(now);
  await executor
    .insert(fundRates)
    .values(rates.map((rateBps, index) => ({ productId: current.id, date: addDays(today, index - rates.length), rateBps })))
    .onConflictDoNothing();
}

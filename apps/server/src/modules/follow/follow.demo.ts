import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { inTransaction } from '../../platform/db/index.ts';
import type { CandleRow } from '../market/index.ts';
import { navOf, quantitiesFor } from './follow.nav.ts';
import { followHoldings, followInstitutions, followNavDaily, followRebalances } from './follow.tables.ts';

const DAY_MS = 86_400_000;
const WEEK = 7 * 1440;

/** Two fictional model portfolios of the simulated market; their record is what its daily closes made of them. */
export const demoInstitutions = [
  {
    name: 'Andes US Technology Model',
    description:
      'US technology stocks, equal-ish weights, 5 % cash. A model portfolio of the simulated market: its past record is no indication of what comes next.',
    managementFeeRate: '0.015',
    performanceFeeRate: '0.1',
    periodsMinutes: [WEEK, 30 * 1440, 90 * 1440],
    weights: [
      { code: 'AAPL', weight: '0.3' },
      { code: 'MSFT', weight: '0.3' },
      { code: 'NVDA', weight: '0.2' },
      { code: 'AMZN', weight: '0.15' },
    ],
    daysOfRecord: 150,
  },
  {
    name: 'Pampa Balanced Model',
    description:
      'Half in three large US stocks, half in cash. A model portfolio of the simulated market: its past record is no indication of what comes next.',
    managementFeeRate: '0.01',
    performanceFeeRate: '0.05',
    periodsMinutes: [WEEK, 30 * 1440],
    weights: [
      { code: 'AAPL', weight: '0.2' },
      { code: 'MSFT', weight: '0.2' },
      { code: 'TSLA', weight: '0.1' },
    ],
    daysOfRecord: 60,
  },
];

type History = (code: string, interval: '1d', fromMs: number, toMs: number) => Promise<CandleRow[]>;

/** Daily closes of every code, on the days all of them closed (their common trading days), oldest first. */
async function commonCloses(history: History, codes: string[], fromMs: number, toMs: number) {
  const perCode = await Promise.all(codes.map((code) => history(code, '1d', fromMs, toMs)));
  const byDay = new Map<string, Map<string, string>>();
  perCode.forEach((rows, index) => {
    for (const row of rows) {
      const day = new Date(row.time).toISOString().slice(0, 10);
      const prices = byDay.get(day) ?? new Map<string, string>();
      prices.set(codes[index] as string, row.close);
      byDay.set(day, prices);
    }
  });
  return [...byDay.entries()].filter(([, prices]) => prices.size === codes.length).sort(([a], [b]) => a.localeCompare(b));
}

/**
 * The demo's institutions, seeded once by name: each starts at NAV 1 on the first common trading day of its
 * record at that day's closes, and every later day's NAV is what the stored daily candles make of those
 * quantities. From then on the minute job values them on the live feed like any other.
 */
export async function seedDemoInstitutions(db: Database, history: History, now: () => Date) {
  for (const demo of demoInstitutions) {
    const [existing] = await db
      .select({ id: followInstitutions.id })
      .from(followInstitutions)
      .where(eq(followInstitutions.name, demo.name));
    if (existing) continue;
    const at = now();
    const codes = demo.weights.map((entry) => entry.code);
    const days = await commonCloses(history, codes, at.getTime() - demo.daysOfRecord * DAY_MS, at.getTime());
    const first = days[0];
    if (!first) continue;
    const { holdings, cashPerUnit } = quantitiesFor(1, demo.weights, first[1]);
    const navs = days.map(([day, prices]) => ({
      day,
      nav: (navOf(holdings, cashPerUnit, (code) => prices.get(code)) as Decimal).toString(),
    }));
    const inceptionAt = new Date(`${first[0]}T21:00:00Z`);
    const latest = navs.at(-1)?.nav ?? '1';
    await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(followInstitutions)
        .values({
          name: demo.name,
          description: demo.description,
          managementFeeRate: demo.managementFeeRate,
          performanceFeeRate: demo.performanceFeeRate,
          periodsMinutes: demo.periodsMinutes,
          cashPerUnit: cashPerUnit.toString(),
          nav: latest,
          navAt: at,
          inceptionAt,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return;
      await tx.insert(followHoldings).values(
        holdings.map((holding) => ({
          institutionId: row.id,
          code: holding.code,
          weight: new Decimal(holding.weight).toString(),
          quantityPerUnit: holding.quantityPerUnit.toString(),
        })),
      );
      await tx
        .insert(followRebalances)
        .values({ institutionId: row.id, weights: demo.weights, nav: '1', note: 'Inception', at: inceptionAt });
      await tx.insert(followNavDaily).values(navs.map((point) => ({ institutionId: row.id, ...point })));
    });
  }
}

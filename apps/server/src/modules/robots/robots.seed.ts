import { count } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { robotEnergyPacks, robotPrices, robotTemplates } from './robots.tables.ts';

/** The templates, offers and energy packs a deployment starts with (added once; operators change them after). */
const templates = [
  {
    kind: 'grid' as const,
    code: 'GRID-1',
    name: 'Grid',
    defaultParameters: { kind: 'grid', lowerPrice: '180', upperPrice: '220', levels: 8 },
  },
  { kind: 'dca' as const, code: 'DCA-1', name: 'DCA', defaultParameters: { kind: 'dca', amountPerBuy: '500', intervalHours: 24 } },
  {
    kind: 'ma-cross' as const,
    code: 'MA-1',
    name: 'MA cross',
    defaultParameters: { kind: 'ma-cross', shortWindow: 5, longWindow: 20, sampleMinutes: 60 },
  },
  {
    kind: 'rebalance' as const,
    code: 'REBAL-1',
    name: 'Rebalance',
    defaultParameters: { kind: 'rebalance', targetPercent: 50, bandPercent: 5 },
  },
];

/** Per template: a licence, and rentals of 7, 30 and 90 days each with the energy for a share of its hours. */
const offers = [
  { kind: 'purchase' as const, days: null, price: '199.00', energyIncluded: 0 },
  { kind: 'rental' as const, days: 7, price: '9.90', energyIncluded: 168 },
  { kind: 'rental' as const, days: 30, price: '29.90', energyIncluded: 720 },
  { kind: 'rental' as const, days: 90, price: '79.90', energyIncluded: 2160 },
];

const packs = [
  { units: 24, price: '1.50' },
  { units: 168, price: '8.00' },
  { units: 720, price: '30.00' },
];

export async function seedRobots(executor: Executor) {
  const [existing] = await executor.select({ n: count() }).from(robotTemplates);
  if ((existing?.n ?? 0) > 0) return;
  const rows = await executor.insert(robotTemplates).values(templates).onConflictDoNothing().returning();
  await executor.insert(robotPrices).values(rows.flatMap((row) => offers.map((offer) => ({ templateId: row.id, ...offer }))));
  await executor.insert(robotEnergyPacks).values(packs);
}

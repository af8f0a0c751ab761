import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { inTransaction } from '../../platform/db/index.ts';
import { operators } from '../../platform/operators/operators.tables.ts';
import { seedHashOf } from './products.allotment.ts';
import { listOffering } from './products.decision.ts';
import * as repository from './products.repository.ts';
import type { ProductsService } from './products.service.ts';
import { productOfferings } from './products.tables.ts';

const DAY = 86_400_000;

/** Three fictional IPOs around today: one upcoming, one open and one already listed (its stock quoted). */
function demoOfferings(now: number) {
  const common = {
    kind: 'ipo' as const,
    exchangeCode: 'NASDAQ',
    prospectusUrl: '',
    lotSize: 100,
    minQuantity: 100,
    maxQuantity: 5000,
    feeRate: '0.001',
    allocationRule: 'ballot_one_lot_priority' as const,
  };
  const at = (days: number) => new Date(now + days * DAY);
  const dayOf = (days: number) => at(days).toISOString().slice(0, 10);
  return [
    {
      ...common,
      code: 'PTGC',
      name: 'Patagonia Cloud Inc.',
      prospectusDate: dayOf(-3),
      fundRaising: '84000000',
      priceLow: '16',
      priceHigh: '19',
      price: '18',
      sharesOffered: 4_000_000,
      opensAt: at(2),
      closesAt: at(6),
      allotsAt: at(7),
      listsAt: at(9),
    },
    {
      ...common,
      code: 'PMRB',
      name: 'Pampa Robotics Inc.',
      prospectusDate: dayOf(-8),
      fundRaising: '52500000',
      priceLow: '9.5',
      priceHigh: '11',
      price: '10.5',
      sharesOffered: 5_000_000,
      opensAt: at(-1),
      closesAt: at(4),
      allotsAt: at(5),
      listsAt: at(7),
    },
    {
      ...common,
      code: 'ANLI',
      name: 'Andes Lithium Corp.',
      prospectusDate: dayOf(-30),
      fundRaising: '120000000',
      priceLow: '22',
      priceHigh: '26',
      price: '24',
      sharesOffered: 5_000_000,
      opensAt: at(-20),
      closesAt: at(-15),
      allotsAt: at(-14),
      listsAt: at(-12),
    },
  ];
}

/**
 * The demo's IPOs (issue 18), seeded once by code: written as published by the demo's operator (no second
 * operator exists in a demo, so `published_by` stays empty), each with its committed seed; the past one is
 * allotted and listed through the kernel like any other, so its stock joins the catalog and is quoted.
 */
export async function seedDemoOfferings(db: Database, products: ProductsService, now: () => Date) {
  const [operator] = await db.select({ id: operators.id }).from(operators).orderBy(asc(operators.id)).limit(1);
  if (!operator) return;
  for (const offering of demoOfferings(now().getTime())) {
    const [existing] = await db.select({ id: productOfferings.id }).from(productOfferings).where(eq(productOfferings.code, offering.code));
    if (existing) continue;
    const seed = seedHashOf(`demo:${offering.code}:${offering.opensAt.toISOString()}`);
    await db
      .insert(productOfferings)
      .values({ ...offering, status: 'published', seed, seedHash: seedHashOf(seed), createdByOperatorId: operator.id });
  }
  const [listed] = await db.select().from(productOfferings).where(eq(productOfferings.code, 'ANLI'));
  if (listed?.status !== 'published') return;
  await inTransaction(db, (tx) => products.allotNow(tx, listed.id));
  await inTransaction(db, async (tx) => {
    const allotted = await repository.offeringById(tx, listed.id, { forUpdate: true });
    if (allotted?.status === 'allotted') await listOffering(products.decisions, tx, allotted);
  });
}

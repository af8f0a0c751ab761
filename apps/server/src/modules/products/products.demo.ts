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

/** An open placing of a listed stock (its last close is not known at seeding, so no discount is claimed). */
function demoPlacing(now: number) {
  const at = (days: number) => new Date(now + days * DAY);
  return {
    kind: 'placing' as const,
    code: 'MSFT',
    name: 'Microsoft Corp. placing',
    exchangeCode: 'NASDAQ',
    prospectusDate: at(-2).toISOString().slice(0, 10),
    prospectusUrl: '',
    fundRaising: '36000000',
    priceLow: '360',
    priceHigh: '360',
    price: '360',
    lotSize: 10,
    minQuantity: 10,
    maxQuantity: 1000,
    sharesOffered: 100_000,
    feeRate: '0.001',
    allocationRule: 'pro_rata' as const,
    opensAt: at(-1),
    closesAt: at(3),
    allotsAt: at(4),
    listsAt: at(4),
    marketDate: at(34),
    reason: 'Funding data-centre capacity',
  };
}

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

/** The demo's rights issue on AAPL (one new share for every five held), keyed by this fixed seed. */
const demoRightsSeed = seedHashOf('demo:rights:AAPL');

function demoRightsIssue(now: number) {
  const at = (days: number) => new Date(now + days * DAY);
  return {
    kind: 'rights' as const,
    code: 'AAPL',
    name: 'Apple Inc. rights issue',
    exchangeCode: 'NASDAQ',
    prospectusDate: at(-1).toISOString().slice(0, 10),
    prospectusUrl: '',
    fundRaising: '50000000',
    priceLow: '170',
    priceHigh: '170',
    price: '170',
    lotSize: 1,
    minQuantity: 1,
    maxQuantity: 1,
    sharesOffered: 1,
    feeRate: '0.001',
    allocationRule: 'pro_rata' as const,
    rightsRatio: '0.2',
    recordDate: at(0),
    opensAt: at(0),
    closesAt: at(5),
    allotsAt: at(5),
    listsAt: at(7),
  };
}

async function demoOperatorId(db: Database) {
  const [operator] = await db.select({ id: operators.id }).from(operators).orderBy(asc(operators.id)).limit(1);
  return operator?.id;
}

/**
 * The demo's rights issue (issue 18 §4), seeded once by its fixed seed after the demo account holds its stocks:
 * its record date is the seeding's instant, so the demo account's AAPL is on the register, and the rights job
 * credits every holder at once (as it would a minute later); the exercise window is open for five days.
 */
export async function seedDemoRightsIssue(db: Database, products: ProductsService, now: () => Date) {
  const operatorId = await demoOperatorId(db);
  if (!operatorId) return;
  const [existing] = await db.select({ id: productOfferings.id }).from(productOfferings).where(eq(productOfferings.seed, demoRightsSeed));
  if (!existing)
    await db.insert(productOfferings).values({
      ...demoRightsIssue(now().getTime()),
      status: 'published',
      seed: demoRightsSeed,
      seedHash: seedHashOf(demoRightsSeed),
      createdByOperatorId: operatorId,
    });
  await inTransaction(db, (tx) => products.rightsJob.run(tx));
}

/**
 * The demo's IPOs (issue 18), seeded once by code: written as published by the demo's operator (no second
 * operator exists in a demo, so `published_by` stays empty), each with its committed seed; the past one is
 * allotted and listed through the kernel like any other, so its stock joins the catalog and is quoted.
 */
export async function seedDemoOfferings(db: Database, products: ProductsService, now: () => Date) {
  const operatorId = await demoOperatorId(db);
  if (!operatorId) return;
  for (const offering of [...demoOfferings(now().getTime()), demoPlacing(now().getTime())]) {
    const [existing] = await db.select({ id: productOfferings.id }).from(productOfferings).where(eq(productOfferings.code, offering.code));
    if (existing) continue;
    const seed = seedHashOf(`demo:${offering.code}:${offering.opensAt.toISOString()}`);
    await db
      .insert(productOfferings)
      .values({ ...offering, status: 'published', seed, seedHash: seedHashOf(seed), createdByOperatorId: operatorId });
  }
  const [listed] = await db.select().from(productOfferings).where(eq(productOfferings.code, 'ANLI'));
  if (listed?.status !== 'published') return;
  await inTransaction(db, (tx) => products.allotNow(tx, listed.id));
  await inTransaction(db, async (tx) => {
    const allotted = await repository.offeringById(tx, listed.id, { forUpdate: true });
    if (allotted?.status === 'allotted') await listOffering(products.decisions, tx, allotted);
  });
}

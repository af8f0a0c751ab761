import type { FundHolding, FundOrder, FundPlan, FundProduct } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { fundHoldings, fundIncome, fundIncomeDays, fundOrders, type fundPlans, fundProducts, fundRates } from './funds.tables.ts';
import { percentOf, postedYield } from './funds.terms.ts';

export type ProductRow = typeof fundProducts.$inferSelect;
export type HoldingRow = typeof fundHoldings.$inferSelect;
export type OrderRow = typeof fundOrders.$inferSelect;
export type PlanRow = typeof fundPlans.$inferSelect;

const money = (value: Decimal.Value) => new Decimal(value).toFixed(2);
const stamp = (value: Date | null) => (value === null ? null : value.getTime());

/** The latest published rate of each current product, and its last seven posted days. */
async function ratesOf(executor: Executor, ids: number[]) {
  if (ids.length === 0)
    return {
      latest: new Map<number, { date: string; rateBps: number }>(),
      days: new Map<number, Array<typeof fundIncomeDays.$inferSelect>>(),
    };
  const [rates, days] = await Promise.all([
    executor.select().from(fundRates).where(inArray(fundRates.productId, ids)).orderBy(desc(fundRates.date)),
    executor.select().from(fundIncomeDays).where(inArray(fundIncomeDays.productId, ids)).orderBy(desc(fundIncomeDays.date)),
  ]);
  const latest = new Map<number, { date: string; rateBps: number }>();
  for (const rate of rates) if (!latest.has(rate.productId)) latest.set(rate.productId, { date: rate.date, rateBps: rate.rateBps });
  const byProduct = new Map<number, Array<typeof fundIncomeDays.$inferSelect>>();
  for (const day of days) {
    const list = byProduct.get(day.productId) ?? [];
    if (list.length < 7) list.push(day);
    byProduct.set(day.productId, list);
  }
  return { latest, days: byProduct };
}

/** Products as the app and the console show them: a current fund with its latest rate and its posted 7-day yield. */
export async function productViews(executor: Executor, rows: ProductRow[]): Promise<FundProduct[]> {
  const { latest, days } = await ratesOf(
    executor,
    rows.filter((row) => row.kind === 'current').map((row) => row.id),
  );
  return rows.map((row) => {
    const isCurrent = row.kind === 'current';
    const rate = isCurrent ? latest.get(row.id) : undefined;
    const posted = days.get(row.id) ?? [];
    return {
      id: String(row.id),
      kind: row.kind,
      code: row.code,
      name: row.name,
      currency: 'USD' as const,
      minAmount: money(row.minAmount),
      rateBps: isCurrent ? (rate?.rateBps ?? null) : row.rateBps,
      rateDate: rate?.date ?? null,
      sevenDayYield: isCurrent ? postedYield(posted) : null,
      sevenDayYieldDays: isCurrent ? posted.length : 0,
      instantRedeemDailyCap: row.instantRedeemDailyCap === null ? null : money(row.instantRedeemDailyCap),
      periodDays: row.periodDays,
      isEarlyRedemptionAllowed: row.isEarlyRedemptionAllowed,
      earlyRedemptionFeeBps: row.earlyRedemptionFeeBps,
      isEnabled: row.isEnabled,
    };
  });
}

export async function productsById(executor: Executor, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length === 0 ? [] : await executor.select().from(fundProducts).where(inArray(fundProducts.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

export function orderViewOf(row: OrderRow, product: ProductRow | undefined, maturesAt: Date | null): FundOrder {
  return {
    id: String(row.id),
    productId: String(row.productId),
    productName: product?.name ?? '',
    holdingId: String(row.holdingId),
    kind: row.kind,
    planId: row.planId === null ? null : String(row.planId),
    amount: money(row.amount),
    fee: money(row.fee),
    instantAmount: money(row.instantAmount),
    deferredAmount: money(row.deferredAmount),
    status: row.status,
    zdf: row.rateBps === null ? null : percentOf(row.rateBps),
    createTimeTimestamp: row.createdAt.getTime(),
    expireTimeTimestamp: row.kind === 'redemption' ? stamp(row.arrivesAt) : stamp(maturesAt),
    arrivalTimestamp: stamp(row.arrivesAt),
  };
}

/** Orders with their product's name and, for period purchases, the holding's maturity. */
export async function orderViews(executor: Executor, rows: OrderRow[]) {
  const products = await productsById(
    executor,
    rows.map((row) => row.productId),
  );
  const holdingIds = [...new Set(rows.map((row) => row.holdingId))];
  const holdings =
    holdingIds.length === 0
      ? []
      : await executor
          .select({ id: fundHoldings.id, maturesAt: fundHoldings.maturesAt })
          .from(fundHoldings)
          .where(inArray(fundHoldings.id, holdingIds));
  const maturity = new Map(holdings.map((row) => [row.id, row.maturesAt]));
  return rows.map((row) => orderViewOf(row, products.get(row.productId), maturity.get(row.holdingId) ?? null));
}

/** Each holding with its last posted day's income. */
export async function holdingViews(executor: Executor, userId: number, rows: HoldingRow[]): Promise<FundHolding[]> {
  const products = await productsById(
    executor,
    rows.map((row) => row.productId),
  );
  const income = await executor.select().from(fundIncome).where(eq(fundIncome.userId, userId)).orderBy(desc(fundIncome.date)).limit(100);
  return rows.map((row) => {
    const last = income.find((line) => line.holdingId === row.id);
    return {
      id: String(row.id),
      productId: String(row.productId),
      productName: products.get(row.productId)?.name ?? '',
      kind: row.kind,
      status: row.status,
      balance: money(row.balance),
      income: money(row.income),
      lastIncome: money(last?.amount ?? 0),
      lastIncomeDate: last?.date ?? null,
      rateBps: row.rateBps,
      expireTimeTimestamp: stamp(row.maturesAt),
      incomeAtMaturity: row.incomeAtMaturity === null ? null : money(row.incomeAtMaturity),
      createTimeTimestamp: row.createdAt.getTime(),
    };
  });
}

export async function planViews(executor: Executor, rows: PlanRow[]): Promise<FundPlan[]> {
  const products = await productsById(
    executor,
    rows.map((row) => row.productId),
  );
  const ids = rows.map((row) => row.id);
  const invested =
    ids.length === 0
      ? []
      : await executor
          .select({ planId: fundOrders.planId, amount: fundOrders.amount })
          .from(fundOrders)
          .where(and(inArray(fundOrders.planId, ids), eq(fundOrders.kind, 'purchase')));
  return rows.map((row) => {
    const mine = invested.filter((order) => order.planId === row.id);
    return {
      id: String(row.id),
      productId: String(row.productId),
      productName: products.get(row.productId)?.name ?? '',
      amount: money(row.amount),
      frequency: row.frequency,
      day: row.day,
      status: row.status,
      pauseReason: row.status === 'paused' ? row.pauseReason : null,
      shortOn: row.status === 'paused' ? row.shortOn : null,
      nextRunDate: row.status === 'active' ? row.nextRunDate : null,
      investedTotal: money(mine.reduce((sum, order) => sum.plus(order.amount), new Decimal(0))),
      runCount: mine.length,
    };
  });
}

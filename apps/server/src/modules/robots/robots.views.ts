import {
  type RobotEnergyPack,
  type RobotLicence,
  type RobotParameters,
  type RobotPrice,
  type RobotPurchase,
  type RobotRun,
  type RobotRunDetail,
  type RobotTemplate,
  robotExplanationKeys,
  robotLimits,
  type WalletType,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';
import { DAY, type LicenceRow, money, type PriceRow, type PurchaseRow, type RunRow, type TemplateRow, text } from './robots.context.ts';
import { annualisedOf, dayOf } from './robots.strategy.ts';
import { type robotEnergyPacks, robotRunDays, robotRunOrders, robotTemplates } from './robots.tables.ts';

/** What the user and the console see of templates, licences, purchases and runs. */

export function priceView(row: PriceRow): RobotPrice {
  return {
    id: String(row.id),
    templateId: String(row.templateId),
    kind: row.kind,
    days: row.days,
    price: money(row.price),
    currency: 'USD',
    energyIncluded: row.energyIncluded,
    isEnabled: row.isEnabled,
  };
}

export function packView(row: typeof robotEnergyPacks.$inferSelect): RobotEnergyPack {
  return { id: String(row.id), units: row.units, price: money(row.price), currency: 'USD', isEnabled: row.isEnabled };
}

export function licenceView(row: LicenceRow, templateName: string, now: Date): RobotLicence {
  return {
    id: String(row.id),
    templateId: String(row.templateId),
    templateName,
    kind: row.kind,
    startsAtTimestamp: row.startsAt.getTime(),
    expiresAtTimestamp: row.expiresAt?.getTime() ?? null,
    isValid: row.expiresAt === null || row.expiresAt.getTime() > now.getTime(),
  };
}

export function templateView(row: TemplateRow, prices: PriceRow[], licence: RobotLicence | null): RobotTemplate {
  return {
    id: String(row.id),
    kind: row.kind,
    code: row.code,
    name: row.name,
    defaultParameters: row.defaultParameters as RobotParameters,
    explanation: robotExplanationKeys(row.kind),
    prices: prices.filter((price) => price.templateId === row.id).map(priceView),
    isEnabled: row.isEnabled,
    licence,
  };
}

export function purchaseView(row: PurchaseRow, templateName: string | null): RobotPurchase {
  return {
    id: String(row.id),
    kind: row.kind,
    templateId: row.templateId === null ? null : String(row.templateId),
    templateName,
    days: row.days,
    energyUnits: row.energyUnits,
    price: money(row.price),
    currency: 'USD',
    status: row.status,
    failReason: row.failReason,
    createTimeTimestamp: row.createdAt.getTime(),
    expireTimeTimestamp: row.expiresAt?.getTime() ?? null,
  };
}

/** A run's figures: its value at the last price, P&L against its amount and against simply holding, drawdown, annualised only from 90 days. */
export function runView(row: RunRow, templateName: string, todayOutput: string, now: Date): RobotRun {
  const allocated = new Decimal(row.allocated);
  const quantity = new Decimal(row.quantity);
  const last = row.lastPrice === null ? null : new Decimal(row.lastPrice);
  const value = new Decimal(row.cash).plus(last ? quantity.times(last) : new Decimal(row.costBasis));
  const profitLoss = value.minus(allocated);
  const holding =
    last && row.startPrice !== null ? allocated.dividedBy(row.startPrice).times(last).minus(allocated).toDecimalPlaces(2) : null;
  const end = row.endedAt ?? now;
  const days = Math.floor((end.getTime() - row.startedAt.getTime()) / DAY);
  return {
    id: String(row.id),
    templateId: String(row.templateId),
    templateName,
    kind: row.kind,
    licenceId: String(row.licenceId),
    parameters: row.parameters as RobotParameters,
    status: row.status,
    endReason: row.endReason,
    failCode: row.failCode,
    stockCode: row.code,
    walletType: row.walletType as WalletType,
    currency: 'USD',
    allocatedAmount: money(allocated),
    cash: money(row.cash),
    quantity: text(quantity),
    averageCost: quantity.isZero() ? null : new Decimal(row.costBasis).dividedBy(quantity).toDecimalPlaces(4).toString(),
    lastPrice: last ? last.toString() : null,
    value: money(value),
    income: money(row.income),
    todayOutput: money(todayOutput),
    fees: money(row.fees),
    profitLoss: money(profitLoss),
    holdingProfitLoss: holding ? money(holding) : null,
    versusHolding: holding ? money(profitLoss.minus(holding)) : null,
    maxDrawdownPercent: (row.maxDrawdownBps / 100).toFixed(2),
    tradesCount: row.tradesCount,
    annualisedPercent: annualisedOf(profitLoss, allocated, days, robotLimits.annualiseAfterDays),
    startedAtTimestamp: row.startedAt.getTime(),
    endedAtTimestamp: row.endedAt?.getTime() ?? null,
    billedUntilTimestamp: row.billedUntil.getTime(),
    energyUsed: row.energyUsed,
  };
}

export async function templateNames(executor: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await executor
    .select({ id: robotTemplates.id, name: robotTemplates.name })
    .from(robotTemplates)
    .where(inArray(robotTemplates.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function runViews(executor: Executor, rows: readonly RunRow[], now: Date): Promise<RobotRun[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [names, today] = await Promise.all([
    templateNames(executor, [...new Set(rows.map((row) => row.templateId))]),
    executor
      .select()
      .from(robotRunDays)
      .where(and(inArray(robotRunDays.runId, ids), eq(robotRunDays.date, dayOf(now.getTime())))),
  ]);
  return rows.map((row) => runView(row, names.get(row.templateId) ?? '', today.find((day) => day.runId === row.id)?.output ?? '0', now));
}

export async function runDetail(executor: Executor, row: RunRow, now: Date): Promise<RobotRunDetail> {
  const [[view], orders, days] = await Promise.all([
    runViews(executor, [row], now),
    executor.select().from(robotRunOrders).where(eq(robotRunOrders.runId, row.id)).orderBy(asc(robotRunOrders.sequence)),
    executor.select().from(robotRunDays).where(eq(robotRunDays.runId, row.id)).orderBy(asc(robotRunDays.date)),
  ]);
  if (!view) throw new Error('run view missing');
  return {
    ...view,
    orders: orders.map((order) => ({
      orderId: String(order.orderId),
      direction: order.direction,
      quantity: text(order.quantity),
      price: text(order.price),
      amount: money(order.amount),
      fee: money(order.fee),
      realised: money(order.realised),
      filledAtTimestamp: order.filledAt.getTime(),
    })),
    days: days.map((day) => ({ date: day.date, output: money(day.output), fees: money(day.fees), trades: day.trades })),
  };
}

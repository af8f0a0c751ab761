import { type FundProduct, type fundProductBody, type IncomeReport, operatorFundApi, pageInfo } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal, operatorRoute } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import { postIncomeThrough } from './funds.daily.ts';
import type { FundsDependencies } from './funds.service.ts';
import { fundHoldings, fundIncome, fundIncomeDays, fundOrders, fundProducts, fundRates } from './funds.tables.ts';
import { addDays, dayOf } from './funds.terms.ts';
import { type ProductRow, productViews } from './funds.views.ts';

type Emails = (executor: Executor, userIds: number[]) => Promise<Map<number, string>>;
type ProductInput = z.output<typeof fundProductBody>;

/** A product's fields as stored, refused when they contradict its kind. */
function productValues(input: ProductInput) {
  const isPeriod = input.kind === 'period';
  if (isPeriod ? input.periodDays === null || input.rateBps === null : input.instantRedeemDailyCap === null)
    throw new AppError('FUND_PRODUCT_INVALID');
  return {
    ...input,
    instantRedeemDailyCap: isPeriod ? null : input.instantRedeemDailyCap,
    periodDays: isPeriod ? input.periodDays : null,
    rateBps: isPeriod ? input.rateBps : null,
  };
}

/** The income report of a day, with the ledger reconciliation: fund-held equals holdings plus redemptions on their way. */
async function incomeReport(
  dependencies: FundsDependencies,
  emails: Emails,
  executor: Executor,
  product: ProductRow,
  date: string,
): Promise<IncomeReport> {
  const { ledger } = dependencies;
  const [[day], [rate], lines, [holdings], [pending], [paid], fundsHeld, incomeAccount] = await Promise.all([
    executor
      .select()
      .from(fundIncomeDays)
      .where(and(eq(fundIncomeDays.productId, product.id), eq(fundIncomeDays.date, date))),
    executor
      .select()
      .from(fundRates)
      .where(and(eq(fundRates.productId, product.id), eq(fundRates.date, date))),
    executor
      .select()
      .from(fundIncome)
      .where(and(eq(fundIncome.productId, product.id), eq(fundIncome.date, date)))
      .orderBy(asc(fundIncome.userId)),
    executor
      .select({ total: sql<string>`coalesce(sum(${fundHoldings.balance}), 0)` })
      .from(fundHoldings)
      .where(eq(fundHoldings.status, 'active')),
    executor
      .select({ total: sql<string>`coalesce(sum(${fundOrders.deferredAmount}), 0)` })
      .from(fundOrders)
      .where(eq(fundOrders.status, 'pending')),
    executor
      .select({
        total: sql<string>`coalesce(sum(${fundIncome.amount}), 0) + (SELECT coalesce(sum(income), 0) FROM fund_holdings WHERE kind = 'period' AND status = 'closed' AND closed_at IS NOT NULL AND income > 0)`,
      })
      .from(fundIncome),
    ledger.systemBalance(executor, 'FUNDS_HELD', 'USD'),
    ledger.systemBalance(executor, 'FUND_INCOME', 'USD'),
  ]);
  const byUser = await emails(executor, [...new Set(lines.map((line) => line.userId))]);
  const owed = new Decimal(holdings?.total ?? 0).plus(pending?.total ?? 0);
  const incomePaid = new Decimal(paid?.total ?? 0);
  return {
    productId: String(product.id),
    date,
    rateBps: rate?.rateBps ?? null,
    isPosted: day !== undefined,
    postedAtTimestamp: day?.closedAt.getTime() ?? null,
    trigger: day?.trigger ?? null,
    holders: day?.holders ?? 0,
    totalBalance: new Decimal(day?.totalBalance ?? 0).toFixed(2),
    totalIncome: new Decimal(day?.totalIncome ?? 0).toFixed(2),
    lines: lines.map((line) => ({
      userId: String(line.userId),
      userEmail: byUser.get(line.userId) ?? '',
      balance: new Decimal(line.balance).toFixed(2),
      amount: new Decimal(line.amount).toFixed(2),
      journalId: line.journalId === null ? null : String(line.journalId),
    })),
    fundsHeldBalance: fundsHeld,
    holdingsTotal: new Decimal(holdings?.total ?? 0).toFixed(2),
    pendingRedemptions: new Decimal(pending?.total ?? 0).toFixed(2),
    incomeAccountBalance: incomeAccount,
    incomePaidTotal: incomePaid.toFixed(2),
    isReconciled: owed.equals(fundsHeld) && incomePaid.negated().equals(incomeAccount),
  };
}

async function productById(executor: Executor, id: number) {
  const [row] = await executor.select().from(fundProducts).where(eq(fundProducts.id, id));
  if (!row) throw new AppError('FUND_PRODUCT_NOT_FOUND');
  return row;
}

async function currentProduct(executor: Executor, id: number) {
  const product = await productById(executor, id);
  if (product.kind !== 'current') throw new AppError('FUND_NOT_CURRENT');
  return product;
}

type Audited = ReturnType<typeof createAudited>;
type RateAct = { operator: OperatorPrincipal; meta: AuditMeta; id: number; input: { date: string; rateBps: number } };

/**
 * Publishes (or corrects, until the day starts) a day's rate: only for tomorrow (UTC, by the server's
 * clock), so a day's income always follows a rate published before the day began. Today's and past
 * days' rates are refused before anything is written.
 */
async function publishRate(dependencies: FundsDependencies, audited: Audited, { operator, meta, id, input }: RateAct) {
  const { now } = dependencies;
  requirePermission(operator, 'funds.manage');
  const today = dayOf(now());
  if (input.date <= today) throw new AppError('FUND_RATE_NOT_AHEAD');
  if (input.date > addDays(today, 1)) throw new AppError('FUND_DATE_NOT_STARTED');
  const target = { type: 'fund_rate', id: `${id}:${input.date}` };
  const rowOf = (tx: Executor) =>
    tx
      .select()
      .from(fundRates)
      .where(and(eq(fundRates.productId, id), eq(fundRates.date, input.date)));
  return audited(
    operator,
    meta,
    'fund.rate.publish',
    target,
    async (tx) => {
      await currentProduct(tx, id);
      const [posted] = await tx
        .select()
        .from(fundIncomeDays)
        .where(and(eq(fundIncomeDays.productId, id), eq(fundIncomeDays.date, input.date)));
      if (posted) throw new AppError('FUND_RATE_LOCKED');
      const values = {
        productId: id,
        date: input.date,
        rateBps: input.rateBps,
        publishedBy: Number(operator.operatorId),
        publishedAt: now(),
      };
      const [row] = await tx
        .insert(fundRates)
        .values(values)
        .onConflictDoUpdate({
          target: [fundRates.productId, fundRates.date],
          set: { rateBps: values.rateBps, publishedBy: values.publishedBy, publishedAt: values.publishedAt },
        })
        .returning();
      if (!row) throw new Error('rate upsert returned nothing');
      const result = {
        date: row.date,
        rateBps: row.rateBps,
        publishedBy: String(row.publishedBy),
        publishedAtTimestamp: row.publishedAt.getTime(),
        isPosted: false,
      };
      return { result, after: result };
    },
    async (tx) => (await rowOf(tx))[0],
  );
}

/** Daily rates (published ahead, corrected until their day starts) and the income job's report and early close; audited. */
function createRateOperations(dependencies: FundsDependencies, emails: Emails) {
  const { db } = dependencies;
  const audited = createAudited(db);
  return {
    async rates(operator: OperatorPrincipal, id: number, page: { pageNum: number; pageSize: number }) {
      requirePermission(operator, 'funds.read');
      await productById(db, id);
      const where = eq(fundRates.productId, id);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(fundRates)
          .where(where)
          .orderBy(desc(fundRates.date))
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize),
        db.select({ total: count() }).from(fundRates).where(where),
      ]);
      const dates = rows.map((row) => row.date);
      const posted =
        dates.length === 0
          ? []
          : await db
              .select({ date: fundIncomeDays.date })
              .from(fundIncomeDays)
              .where(and(eq(fundIncomeDays.productId, id), inArray(fundIncomeDays.date, dates)));
      const postedDates = new Set(posted.map((row) => row.date));
      const list = rows.map((row) => ({
        date: row.date,
        rateBps: row.rateBps,
        publishedBy: row.publishedBy === null ? '' : String(row.publishedBy),
        publishedAtTimestamp: row.publishedAt.getTime(),
        isPosted: postedDates.has(row.date),
      }));
      return { list, ...pageInfo(totals[0]?.total ?? 0, page.pageNum, page.pageSize) };
    },

    publishRate: (operator: OperatorPrincipal, meta: AuditMeta, id: number, input: { date: string; rateBps: number }) =>
      publishRate(dependencies, audited, { operator, meta, id, input }),

    async incomeReport(operator: OperatorPrincipal, id: number, date: string) {
      requirePermission(operator, 'funds.read');
      return incomeReport(dependencies, emails, db, await currentProduct(db, id), date);
    },

    /** Closes the days up to `date` now and posts their income (audited); a day not yet ended closes early. */
    async runIncome(operator: OperatorPrincipal, meta: AuditMeta, id: number, date: string) {
      requirePermission(operator, 'funds.manage');
      return audited(operator, meta, 'fund.income.run', { type: 'fund_income_day', id: `${id}:${date}` }, async (tx) => {
        const product = await currentProduct(tx, id);
        await postIncomeThrough(tx, dependencies, product, date, 'operator');
        const report = await incomeReport(dependencies, emails, tx, product, date);
        if (!report.isPosted) throw new AppError('FUND_RATE_MISSING');
        return { result: report, after: { holders: report.holders, totalIncome: report.totalIncome, isReconciled: report.isReconciled } };
      });
    },
  };
}

export type FundsOperations = ReturnType<typeof createFundsOperations>;

/** The operators' side: products, daily rates, and the income job's report; every change audited. */
export function createFundsOperations(dependencies: FundsDependencies, emails: Emails) {
  const { db } = dependencies;
  const audited = createAudited(db);
  const view = async (executor: Executor, row: ProductRow | undefined) => {
    if (!row) throw new AppError('FUND_PRODUCT_NOT_FOUND');
    return (await productViews(executor, [row]))[0] as FundProduct;
  };
  const saveProduct = (operator: OperatorPrincipal, meta: AuditMeta, id: number | null, input: ProductInput) => {
    requirePermission(operator, 'funds.manage');
    const values = productValues(input);
    return audited<FundProduct>(
      operator,
      meta,
      id === null ? 'fund.product.create' : 'fund.product.update',
      { type: 'fund_product', id: id ?? 'new' },
      async (tx, previous) => {
        const [taken] = await tx.select({ id: fundProducts.id }).from(fundProducts).where(eq(fundProducts.code, values.code));
        if (taken && taken.id !== id) throw new AppError('FUND_CODE_TAKEN');
        if (id !== null && !previous) throw new AppError('FUND_PRODUCT_NOT_FOUND');
        // A product keeps its kind: its holdings were bought as that kind.
        if (previous && (previous as FundProduct).kind !== values.kind) throw new AppError('FUND_PRODUCT_INVALID');
        const [row] =
          id === null
            ? await tx.insert(fundProducts).values(values).returning()
            : await tx.update(fundProducts).set(values).where(eq(fundProducts.id, id)).returning();
        const result = await view(tx, row);
        return { result, after: result };
      },
      async (tx) => (id === null ? undefined : view(tx, await productById(tx, id))),
    );
  };

  return {
    async products(operator: OperatorPrincipal) {
      requirePermission(operator, 'funds.read');
      return productViews(db, await db.select().from(fundProducts).orderBy(asc(fundProducts.id)));
    },
    createProduct: (operator: OperatorPrincipal, meta: AuditMeta, input: ProductInput) => saveProduct(operator, meta, null, input),
    updateProduct: (operator: OperatorPrincipal, meta: AuditMeta, id: number, input: ProductInput) =>
      saveProduct(operator, meta, id, input),

    ...createRateOperations(dependencies, emails),
  };
}

export function registerFundsOperatorRoutes(app: FastifyInstance, operations: FundsOperations) {
  const tags = ['operator'];
  const meta = (request: { ip: string }) => ({ ipAddress: request.ip });
  operatorRoute(app, operatorFundApi.products, { summary: 'Fund products', tags }, ({ operator }) => operations.products(operator));
  operatorRoute(app, operatorFundApi.createProduct, { summary: 'Create a fund product', tags }, ({ operator, body, request }) =>
    operations.createProduct(operator, meta(request), body),
  );
  operatorRoute(app, operatorFundApi.updateProduct, { summary: 'Change a fund product', tags }, ({ operator, params, body, request }) =>
    operations.updateProduct(operator, meta(request), params.id, body),
  );
  operatorRoute(app, operatorFundApi.rates, { summary: "A current fund's published rates", tags }, ({ operator, params, query }) =>
    operations.rates(operator, params.id, query),
  );
  operatorRoute(app, operatorFundApi.publishRate, { summary: "Publish a day's rate", tags }, ({ operator, params, body, request }) =>
    operations.publishRate(operator, meta(request), params.id, body),
  );
  operatorRoute(
    app,
    operatorFundApi.incomeReport,
    { summary: "A day's income report and reconciliation", tags },
    ({ operator, params, query }) => operations.incomeReport(operator, params.id, query.date),
  );
  operatorRoute(
    app,
    operatorFundApi.runIncome,
    { summary: 'Close days up to a date and post their income', tags },
    ({ operator, params, body, request }) => operations.runIncome(operator, meta(request), params.id, body.date),
  );
}

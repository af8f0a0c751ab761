import {
  type LoanApplication,
  type LoanProduct,
  type loanProductBody,
  operatorLoanApi,
  pageInfo,
  type ReviewFilter,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal, operatorRoute } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import { createReview, registerReviewRoutes } from '../../platform/review/index.ts';
import { creditOf, type LoansDependencies } from './loans.service.ts';
import { loanEvents, loanProducts, loans } from './loans.tables.ts';
import { DAY_MS } from './loans.terms.ts';
import { type LoanRow, loanViewOf, productViewOf } from './loans.views.ts';

type Emails = (executor: Executor, userIds: number[]) => Promise<Map<number, string>>;

async function lockPending(tx: Executor, id: number) {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
  if (!row) throw new AppError('LOAN_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('LOAN_NOT_PENDING');
  return row;
}

/** An application as the operator decides on it: the loan, the applicant, and the score with its factors now. */
async function applicationsOf(dependencies: LoansDependencies, emails: Emails, executor: Executor, rows: LoanRow[]) {
  const byUser = await emails(executor, [...new Set(rows.map((row) => row.userId))]);
  const now = dependencies.now();
  return Promise.all(
    rows.map(async (row) => ({
      ...loanViewOf(row, now),
      userId: String(row.userId),
      userEmail: byUser.get(row.userId) ?? '',
      credit: await creditOf(dependencies, executor, row.userId),
      firstApprovedBy: row.firstApprovedBy === null ? null : String(row.firstApprovedBy),
    })),
  );
}

/** Approval: a first one above the threshold waits for a second operator; the last one lends the money in one journal. */
function decisions(dependencies: LoansDependencies, emails: Emails) {
  const { ledger, notify, now: clock } = dependencies;
  const one = async (tx: Executor, row: LoanRow): Promise<LoanApplication> =>
    (await applicationsOf(dependencies, emails, tx, [row]))[0] as LoanApplication;

  async function approve(tx: Executor, operatorId: number, id: number) {
    const row = await lockPending(tx, id);
    const now = clock();
    if (row.needsSecondApproval && row.firstApprovedBy === null) {
      const [stored] = await tx.update(loans).set({ firstApprovedBy: operatorId }).where(eq(loans.id, id)).returning();
      await tx.insert(loanEvents).values({ loanId: id, kind: 'first_approval', operatorId, at: now });
      return one(tx, stored as LoanRow);
    }
    if (row.firstApprovedBy === operatorId) throw new AppError('LOAN_SAME_APPROVER');
    const journal = await ledger.post(tx, {
      idempotencyKey: `loan:${id}:disburse`,
      reason: 'loan_disbursement',
      memo: `loan ${id}`,
      legs: [
        { account: { userId: row.userId, walletType: row.walletType as 'BALANCE' }, amount: row.amount },
        { account: { system: 'LOANS_RECEIVABLE', currency: 'USD' }, amount: new Decimal(row.amount).negated() },
      ],
    });
    const expireTime = new Date(now.getTime() + row.periodDays * DAY_MS);
    const [stored] = await tx
      .update(loans)
      .set({ status: 'in_use', decidedBy: operatorId, examineTime: now, expireTime, principalOutstanding: row.amount })
      .where(and(eq(loans.id, id), eq(loans.status, 'pending')))
      .returning();
    if (!stored) throw new AppError('LOAN_NOT_PENDING');
    await tx
      .insert(loanEvents)
      .values({ loanId: id, kind: 'approved', amount: row.amount, operatorId, journalId: journal.journalId, at: now });
    const terms = row.terms as { totalRepay: string };
    await notify(tx, row.userId, 'loanApproved', {
      amount: new Decimal(row.amount).toFixed(2),
      currency: 'USD',
      wallet: row.walletType,
      totalRepay: terms.totalRepay,
      dueDate: expireTime.toISOString().slice(0, 10),
    });
    return one(tx, stored);
  }

  async function reject(tx: Executor, operatorId: number, id: number, reason: string) {
    const row = await lockPending(tx, id);
    const now = clock();
    const [stored] = await tx
      .update(loans)
      .set({ status: 'rejected', decidedBy: operatorId, rejectReason: reason, examineTime: now })
      .where(eq(loans.id, id))
      .returning();
    await tx.insert(loanEvents).values({ loanId: id, kind: 'rejected', operatorId, note: reason, at: now });
    await notify(tx, row.userId, 'loanRejected', { amount: new Decimal(row.amount).toFixed(2), currency: 'USD', reason });
    return one(tx, stored as LoanRow);
  }
  return { approve, reject };
}

function bookFilter(status: z.output<typeof operatorLoanApi.book.query>['status'], now: Date): SQL | undefined {
  if (status === 'all') return undefined;
  if (status === 'overdue') return and(eq(loans.status, 'in_use'), sql`${loans.expireTime} < ${now.toISOString()}`);
  return eq(loans.status, status);
}

async function bookTotals(executor: Executor, now: Date) {
  const [totals] = await executor
    .select({
      principal: sql<string>`coalesce(sum(${loans.principalOutstanding}) FILTER (WHERE ${loans.status} = 'in_use'), 0)::text`,
      interest: sql<string>`coalesce(sum(${loans.interestCharged} - ${loans.interestPaid}), 0)::text`,
      penalty: sql<string>`coalesce(sum(${loans.penaltyCharged} - ${loans.penaltyPaid}), 0)::text`,
      interestEarned: sql<string>`coalesce(sum(${loans.interestCharged}), 0)::text`,
      penaltyEarned: sql<string>`coalesce(sum(${loans.penaltyCharged}), 0)::text`,
      overdueCount: sql<string>`count(*) FILTER (WHERE ${loans.status} = 'in_use' AND ${loans.expireTime} < ${now.toISOString()})`,
      overdueDebt: sql<string>`coalesce(sum(${loans.principalOutstanding} + ${loans.interestCharged} - ${loans.interestPaid} + ${loans.penaltyCharged} - ${loans.penaltyPaid}) FILTER (WHERE ${loans.status} = 'in_use' AND ${loans.expireTime} < ${now.toISOString()}), 0)::text`,
      inUseCount: sql<string>`count(*) FILTER (WHERE ${loans.status} = 'in_use')`,
      pendingCount: sql<string>`count(*) FILTER (WHERE ${loans.status} = 'pending')`,
    })
    .from(loans);
  return totals;
}

/** The loan book: what is owed and earned, what is overdue, and the ledger's receivable beside it. */
async function loanBook(dependencies: LoansDependencies, emails: Emails, query: z.output<typeof operatorLoanApi.book.query>) {
  const { db, now } = dependencies;
  const at = now();
  const where = bookFilter(query.status, at);
  const [totals, receivable, rows, counted] = await Promise.all([
    bookTotals(db, at),
    dependencies.ledger.systemBalance(db, 'LOANS_RECEIVABLE', 'USD'),
    db
      .select()
      .from(loans)
      .where(where)
      .orderBy(desc(loans.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(loans).where(where),
  ]);
  const owedTotal = new Decimal(totals?.principal ?? 0).plus(totals?.interest ?? 0).plus(totals?.penalty ?? 0);
  const receivableOwed = new Decimal(receivable).negated();
  return {
    currency: 'USD' as const,
    principalOutstanding: new Decimal(totals?.principal ?? 0).toFixed(2),
    interestOutstanding: new Decimal(totals?.interest ?? 0).toFixed(2),
    penaltyOutstanding: new Decimal(totals?.penalty ?? 0).toFixed(2),
    interestEarned: new Decimal(totals?.interestEarned ?? 0).toFixed(2),
    penaltyEarned: new Decimal(totals?.penaltyEarned ?? 0).toFixed(2),
    overdueCount: Number(totals?.overdueCount ?? 0),
    overdueDebt: new Decimal(totals?.overdueDebt ?? 0).toFixed(2),
    inUseCount: Number(totals?.inUseCount ?? 0),
    pendingCount: Number(totals?.pendingCount ?? 0),
    receivableBalance: receivableOwed.toFixed(2),
    isReconciled: receivableOwed.equals(owedTotal),
    loans: {
      list: await applicationsOf(dependencies, emails, db, rows),
      ...pageInfo(counted[0]?.total ?? 0, query.pageNum, query.pageSize),
    },
  };
}

/** A loan and everything that happened to it, in order. */
async function loanHistory(dependencies: LoansDependencies, emails: Emails, id: number) {
  const { db } = dependencies;
  const [row] = await db.select().from(loans).where(eq(loans.id, id));
  if (!row) throw new AppError('LOAN_NOT_FOUND');
  const [loan] = await applicationsOf(dependencies, emails, db, [row]);
  const events = await db.select().from(loanEvents).where(eq(loanEvents.loanId, id)).orderBy(asc(loanEvents.id));
  return {
    loan: loan as NonNullable<typeof loan>,
    events: events.map((event) => ({
      id: String(event.id),
      kind: event.kind,
      amount: event.amount === null ? null : new Decimal(event.amount).toFixed(2),
      day: event.day,
      operatorId: event.operatorId === null ? null : String(event.operatorId),
      journalId: event.journalId === null ? null : String(event.journalId),
      note: event.note,
      atTimestamp: event.at.getTime(),
    })),
  };
}

export type LoansOperations = ReturnType<typeof createLoansOperations>;

/** The operators' side: the applications' review, the loan book, a loan's history, the products (audited). */
export function createLoansOperations(dependencies: LoansDependencies, emails: Emails) {
  const { db, now } = dependencies;
  const audited = createAudited(db);
  const { approve, reject } = decisions(dependencies, emails);

  const review = createReview(db, {
    permission: 'reviews.loans',
    targetType: 'loan',
    actions: { approve: 'loan.approve', reject: 'loan.reject' },
    async queue(filter: ReviewFilter) {
      const where = filter.status === 'pending' ? eq(loans.status, 'pending') : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(loans)
          .where(where)
          .orderBy(filter.status === 'pending' ? asc(loans.id) : desc(loans.id))
          .limit(filter.pageSize)
          .offset((filter.pageNum - 1) * filter.pageSize),
        db.select({ total: count() }).from(loans).where(where),
      ]);
      return {
        list: await applicationsOf(dependencies, emails, db, rows),
        ...pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize),
      };
    },
    approve,
    reject,
    before: async (tx, id) => {
      const [row] = await tx.select().from(loans).where(eq(loans.id, id));
      return row ? { status: row.status, firstApprovedBy: row.firstApprovedBy } : undefined;
    },
  });

  return {
    review,

    async book(operator: OperatorPrincipal, query: z.output<typeof operatorLoanApi.book.query>) {
      requirePermission(operator, 'loans.read');
      return loanBook(dependencies, emails, query);
    },

    async history(operator: OperatorPrincipal, id: number) {
      requirePermission(operator, 'loans.read');
      return loanHistory(dependencies, emails, id);
    },

    async products(operator: OperatorPrincipal) {
      requirePermission(operator, 'loans.read');
      const rows = await db.select().from(loanProducts).orderBy(asc(loanProducts.periodDays));
      return rows.map(productViewOf);
    },

    /** A product's rates and limits, audited; loans already applied for keep the figures they were shown. */
    async updateProduct(operator: OperatorPrincipal, meta: AuditMeta, id: number, input: z.output<typeof loanProductBody>) {
      requirePermission(operator, 'loans.settings');
      if (new Decimal(input.minAmount).greaterThan(input.maxAmount)) throw new AppError('SETTINGS_INVALID');
      const before = async (tx: Executor) => {
        const [row] = await tx.select().from(loanProducts).where(eq(loanProducts.id, id));
        return row ? productViewOf(row) : undefined;
      };
      return audited<LoanProduct>(
        operator,
        meta,
        'loan.product.update',
        { type: 'loan_product', id },
        async (tx, previous) => {
          if (!previous) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
          const [row] = await tx
            .update(loanProducts)
            .set({ ...input, updatedAt: now() })
            .where(eq(loanProducts.id, id))
            .returning();
          const view = productViewOf(row as NonNullable<typeof row>);
          return { result: view, after: view };
        },
        before,
      );
    },
  };
}

export function registerLoansOperatorRoutes(app: FastifyInstance, operations: LoansOperations) {
  const tags = ['operator'];
  registerReviewRoutes(app, operatorLoanApi, operations.review, {
    queue: 'Loan applications to review, with the applicant facts and score',
    approve: 'Approve a loan: the money is lent (a second operator above the threshold)',
    reject: 'Refuse a loan application with a reason',
  });
  operatorRoute(
    app,
    operatorLoanApi.book,
    { summary: 'The loan book: outstanding, interest earned, overdue', tags },
    ({ operator, query }) => operations.book(operator, query),
  );
  operatorRoute(app, operatorLoanApi.history, { summary: "A loan's full history", tags }, ({ operator, params }) =>
    operations.history(operator, params.id),
  );
  operatorRoute(app, operatorLoanApi.products, { summary: 'Loan products and rates', tags }, ({ operator }) =>
    operations.products(operator),
  );
  operatorRoute(
    app,
    operatorLoanApi.updateProduct,
    { summary: "Change a loan product's rates and limits", tags },
    ({ operator, params, body, request }) => operations.updateProduct(operator, { ipAddress: request.ip }, params.id, body),
  );
}

/** The products a deployment starts with (added once; operators change them after). Rates are fractions a day. */
export const defaultLoanProducts = [
  {
    periodDays: 7,
    dailyRate: '0.0004',
    minAmount: '100',
    maxAmount: '2000',
    penaltyDailyRate: '0.001',
    penaltyCapShare: '0.05',
    secondApprovalAbove: '1000',
  },
  {
    periodDays: 14,
    dailyRate: '0.00035',
    minAmount: '100',
    maxAmount: '3000',
    penaltyDailyRate: '0.001',
    penaltyCapShare: '0.05',
    secondApprovalAbove: '1000',
  },
  {
    periodDays: 30,
    dailyRate: '0.0003',
    minAmount: '100',
    maxAmount: '5000',
    penaltyDailyRate: '0.001',
    penaltyCapShare: '0.05',
    secondApprovalAbove: '1000',
  },
  {
    periodDays: 90,
    dailyRate: '0.00025',
    minAmount: '500',
    maxAmount: '5000',
    penaltyDailyRate: '0.001',
    penaltyCapShare: '0.05',
    secondApprovalAbove: '1000',
  },
];

export async function seedLoanProducts(executor: Executor) {
  const [existing] = await executor.select({ n: count() }).from(loanProducts).where(gt(loanProducts.id, 0));
  if ((existing?.n ?? 0) > 0) return;
  await executor.insert(loanProducts).values(defaultLoanProducts).onConflictDoNothing();
}

import { type Loan, pageInfo } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, type Executor, inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { catchUp, type Notify, remind } from './loans.accrual.ts';
import { type CreditFacts, creditScoreOf } from './loans.credit.ts';
import { loanEvents, loanProducts, loans } from './loans.tables.ts';
import { splitRepayment, termsOf } from './loans.terms.ts';
import { type LoanRow, loanViewOf, owedOf, productViewOf } from './loans.views.ts';

export type LoansDependencies = {
  db: Database;
  ledger: LedgerService;
  notify: Notify;
  facts: CreditFacts;
  now: () => Date;
};

type ApplyInput = {
  productId: number;
  amount: string;
  walletType: Loan['walletType'];
  confirmedTotalRepay: string;
  idempotencyKey: string;
};
type RepayInput = { loanId: number; amount: string; walletType: Loan['walletType']; idempotencyKey: string };

export async function enabledProducts(executor: Executor) {
  return executor.select().from(loanProducts).where(eq(loanProducts.isEnabled, true)).orderBy(asc(loanProducts.periodDays));
}

/** The largest amount any product lends: the credit limit is the score's share of it. */
async function largestAmount(executor: Executor) {
  const rows = await enabledProducts(executor);
  return rows.reduce((largest, row) => Decimal.max(largest, row.maxAmount), new Decimal(0));
}

export function creditOf(dependencies: LoansDependencies, executor: Executor, userId: number) {
  return largestAmount(executor).then((largest) =>
    creditScoreOf(executor, dependencies.facts, { userId, now: dependencies.now(), largestAmount: largest }),
  );
}

/** Locks a user's loan requests (apply) so two at once cannot both fit in one limit. */
const lockUser = (tx: Executor, userId: number) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`loans:user:${userId}`}))`);

async function applyLocked(dependencies: LoansDependencies, tx: Executor, userId: number, input: ApplyInput): Promise<LoanRow> {
  const existing = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.idempotencyKey, input.idempotencyKey)));
  if (existing[0]) {
    const same = existing[0].productId === input.productId && new Decimal(existing[0].amount).equals(input.amount);
    if (!same || existing[0].walletType !== input.walletType) throw new AppError('LOAN_KEY_REUSED');
    return existing[0];
  }
  const [product] = await tx
    .select()
    .from(loanProducts)
    .where(and(eq(loanProducts.id, input.productId), eq(loanProducts.isEnabled, true)));
  if (!product) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
  const amount = new Decimal(input.amount);
  if (amount.lessThan(product.minAmount) || amount.greaterThan(product.maxAmount))
    throw new AppError('LOAN_AMOUNT_OUT_OF_RANGE', { min: product.minAmount, max: product.maxAmount, currency: 'USD' });
  const now = dependencies.now();
  const terms = termsOf(product, amount, now);
  if (!new Decimal(terms.totalRepay).equals(input.confirmedTotalRepay)) throw new AppError('LOAN_TERMS_CHANGED');
  const credit = await creditOf(dependencies, tx, userId);
  if (amount.greaterThan(credit.available)) throw new AppError('LOAN_OVER_LIMIT', { available: credit.available, currency: 'USD' });
  const [row] = await tx
    .insert(loans)
    .values({
      userId,
      productId: product.id,
      idempotencyKey: input.idempotencyKey,
      walletType: input.walletType,
      amount: terms.amount,
      periodDays: product.periodDays,
      dailyRate: product.dailyRate,
      penaltyDailyRate: product.penaltyDailyRate,
      penaltyCapShare: product.penaltyCapShare,
      needsSecondApproval: terms.needsSecondApproval,
      terms,
      creditScore: credit.score,
      createTime: now,
    })
    .returning();
  if (!row) throw new Error('loan insert returned nothing');
  await tx.insert(loanEvents).values({ loanId: row.id, kind: 'applied', amount: terms.amount, at: now });
  return row;
}

async function repayLocked(dependencies: LoansDependencies, tx: Executor, userId: number, input: RepayInput) {
  const { ledger, now: clock } = dependencies;
  const [locked] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, input.loanId), eq(loans.userId, userId)))
    .for('update');
  if (!locked) throw new AppError('LOAN_NOT_FOUND');
  const repaymentKey = `repay:${userId}:${input.idempotencyKey}`;
  const [earlier] = await tx.select().from(loanEvents).where(eq(loanEvents.repaymentKey, repaymentKey));
  if (earlier) {
    if (earlier.loanId !== locked.id || !new Decimal(earlier.amount ?? 0).equals(input.amount)) throw new AppError('LOAN_KEY_REUSED');
    return {
      row: locked,
      split: earlier.detail as Record<'toInterest' | 'toPenalty' | 'toPrincipal', string>,
      amount: earlier.amount ?? '0',
    };
  }
  if (locked.status !== 'in_use') throw new AppError('LOAN_NOT_IN_USE');
  const now = clock();
  const row = await catchUp(tx, ledger, locked, now);
  const owed = owedOf(row);
  const amount = new Decimal(input.amount);
  if (amount.greaterThan(owed.total)) throw new AppError('LOAN_REPAY_OVER_DEBT', { debt: owed.total.toFixed(2), currency: 'USD' });
  const split = splitRepayment(amount, owed);
  const journal = await ledger.post(tx, {
    idempotencyKey: `loan-repay:${userId}:${input.idempotencyKey}`,
    reason: 'loan_repayment',
    memo: `loan ${row.id} repayment`,
    legs: [
      { account: { userId, walletType: input.walletType }, amount: amount.negated(), requireFunds: true },
      { account: { system: 'LOANS_RECEIVABLE', currency: 'USD' }, amount },
    ],
  });
  const isRepaid = amount.equals(owed.total);
  const [stored] = await tx
    .update(loans)
    .set({
      interestPaid: split.toInterest.plus(row.interestPaid).toFixed(2),
      penaltyPaid: split.toPenalty.plus(row.penaltyPaid).toFixed(2),
      principalOutstanding: owed.principal.minus(split.toPrincipal).toFixed(2),
      lastPayBackDate: now,
      ...(isRepaid ? { status: 'repaid' as const } : {}),
    })
    .where(and(eq(loans.id, row.id), eq(loans.status, 'in_use')))
    .returning();
  if (!stored) throw new Error(`loan ${row.id} changed under its lock`);
  const detail = {
    toInterest: split.toInterest.toFixed(2),
    toPenalty: split.toPenalty.toFixed(2),
    toPrincipal: split.toPrincipal.toFixed(2),
  };
  await tx
    .insert(loanEvents)
    .values({ loanId: row.id, kind: 'repayment', amount: amount.toFixed(2), journalId: journal.journalId, detail, repaymentKey, at: now });
  return { row: stored, split: detail, amount: amount.toFixed(2) };
}

/** Brings every loan in use up to now (interest, overdue, penalty) and sends the due-date reminders. */
export async function accrueAll(dependencies: LoansDependencies, tx: Executor) {
  const ids = await tx.select({ id: loans.id }).from(loans).where(eq(loans.status, 'in_use')).orderBy(asc(loans.id));
  const now = dependencies.now();
  for (const { id } of ids) {
    const [locked] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
    if (!locked) continue;
    const row = await catchUp(tx, dependencies.ledger, locked, now);
    await remind(tx, dependencies.notify, row, now);
  }
}

export type LoansService = ReturnType<typeof createLoansService>;

/**
 * Loans for users (issue 21): the terms before anything, the application, the loans and their repayment.
 * Money moves only through the ledger, each movement with its reason and an idempotency key; every
 * figure is a decimal. The operators' side (review, book, products) is loans.operator.ts.
 */
export function createLoansService(dependencies: LoansDependencies) {
  const { db, now } = dependencies;
  const userIdOf = (principal: Principal) => Number(principal.userId);
  const view = (row: LoanRow) => loanViewOf(row, now());

  return {
    dependencies,

    async rates(principal: Principal, query: { amount?: string | undefined; productId?: number | undefined }) {
      const products = await enabledProducts(db);
      const credit = await creditOf(dependencies, db, userIdOf(principal));
      let terms = null;
      if (query.amount !== undefined && query.productId !== undefined) {
        const product = products.find((row) => row.id === query.productId);
        if (!product) throw new AppError('LOAN_PRODUCT_NOT_FOUND');
        terms = termsOf(product, query.amount, now());
      }
      return { currency: 'USD' as const, products: products.map(productViewOf), credit, terms };
    },

    async apply(principal: Principal, input: ApplyInput) {
      const userId = userIdOf(principal);
      const row = await inTransaction(db, async (tx) => {
        await lockUser(tx, userId);
        return applyLocked(dependencies, tx, userId, input);
      });
      return view(row);
    },

    async userLoans(principal: Principal) {
      const rows = await db
        .select()
        .from(loans)
        .where(and(eq(loans.userId, userIdOf(principal)), inArray(loans.status, ['pending', 'in_use'])))
        .orderBy(desc(loans.id));
      const views = rows.map(view);
      const sum = (field: 'totalDebt' | 'principalOutstanding' | 'interestOutstanding') =>
        views.reduce((total, loan) => total.plus(loan[field]), new Decimal(0)).toFixed(2);
      return {
        loans: views,
        totalDebt: sum('totalDebt'),
        principalOutstanding: sum('principalOutstanding'),
        interestOutstanding: sum('interestOutstanding'),
      };
    },

    async page(principal: Principal, page: { pageNum: number; pageSize: number }) {
      const where = eq(loans.userId, userIdOf(principal));
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(loans)
          .where(where)
          .orderBy(desc(loans.id))
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize),
        db.select({ total: count() }).from(loans).where(where),
      ]);
      return { list: rows.map(view), ...pageInfo(totals[0]?.total ?? 0, page.pageNum, page.pageSize) };
    },

    async repay(principal: Principal, input: RepayInput) {
      const result = await inTransaction(db, (tx) => repayLocked(dependencies, tx, userIdOf(principal), input));
      return { loan: view(result.row), amount: result.amount, ...result.split };
    },

    accrualJob: {
      name: 'loans-accrual',
      // Hourly: each run charges only the days that have ended, so a day is charged once however often it runs.
      intervalMs: 60 * 60_000,
      run: (executor: Executor) => accrueAll(dependencies, executor),
    } satisfies JobDefinition,
  };
}

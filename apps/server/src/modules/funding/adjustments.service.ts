import { type Adjustment, currencyOfWallet, pageInfo, type WalletType } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import { createReview } from '../../platform/review/index.ts';
import type { AuthService } from '../auth/index.ts';
import { type LedgerService, toMoney } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import { balanceAdjustments } from './adjustments.tables.ts';

/** What a balance column (NUMERIC(24, 2)) cannot hold: refused as such, before any limit. */
const MONEY_COLUMN_BOUND = new Decimal('1e22');

type AdjustmentRow = typeof balanceAdjustments.$inferSelect;

export type AdjustmentRequest = {
  userId: number;
  walletType: WalletType;
  direction: 'credit' | 'debit';
  amount: string;
  reasonCode: Adjustment['reasonCode'];
  note: string;
};

function viewOf(row: AdjustmentRow, userEmail: string): Adjustment {
  return {
    id: String(row.id),
    userId: String(row.userId),
    userEmail,
    walletType: row.walletType as WalletType,
    currency: row.currency as Adjustment['currency'],
    direction: row.direction,
    amount: toMoney(row.amount),
    reasonCode: row.reasonCode as Adjustment['reasonCode'],
    note: row.note,
    status: row.status,
    requestedBy: String(row.requestedByOperatorId),
    requestedAtTimestamp: row.requestedAt.getTime(),
    decidedBy: row.decidedByOperatorId === null ? null : String(row.decidedByOperatorId),
    decidedAtTimestamp: row.decidedAt?.getTime() ?? null,
    decisionReason: row.decisionReason,
    journalId: row.journalId === null ? null : String(row.journalId),
  };
}

type MaxAmount = { admin: number; other: number };

/** Refuses an amount over what this operator's role may request or approve. */
function requireWithinLimit(maxAmount: MaxAmount, operator: OperatorPrincipal, amount: Decimal.Value, walletType: WalletType) {
  const value = new Decimal(amount);
  if (value.gte(MONEY_COLUMN_BOUND)) throw new AppError('NUMBER_OUT_OF_RANGE');
  const limit = operator.role === 'admin' ? maxAmount.admin : maxAmount.other;
  if (value.lte(limit)) return;
  throw new AppError('ADJUSTMENT_OVER_LIMIT', { limit: toMoney(limit), currency: currencyOfWallet(walletType) });
}

/** The pending request, locked; refused if decided already or if this operator requested it (four eyes). */
async function lockPending(executor: Executor, id: number, operatorId: number) {
  const rows = await executor.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)).for('update');
  const row = rows[0];
  if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('ADJUSTMENT_NOT_PENDING');
  if (row.requestedByOperatorId === operatorId) throw new AppError('ADJUSTMENT_OWN_REQUEST');
  return row;
}

/** The adjustments, newest first (pending only, or all), each with its user's email. */
async function listAdjustments(db: Database, auth: AuthService, filter: { status: 'pending' | 'all'; pageNum: number; pageSize: number }) {
  const where = filter.status === 'pending' ? eq(balanceAdjustments.status, 'pending') : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(balanceAdjustments)
      .where(where)
      .orderBy(desc(balanceAdjustments.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ total: count() }).from(balanceAdjustments).where(where),
  ]);
  const emails = await auth.emailsByUserId([...new Set(rows.map((row) => row.userId))]);
  return {
    list: rows.map((row) => viewOf(row, emails.get(row.userId) ?? '')),
    ...pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize),
  };
}

/** An approval posts one ledger journal and tells the user; a refusal only records why. Both run in the review's transaction. */
function adjustmentDecisions(ledger: LedgerService, messages: MessagesService) {
  /** The one ledger journal of an approval, keyed by the request so it can never post twice; the user is told. */
  async function approve(tx: Executor, operatorId: number, id: number) {
    const row = await lockPending(tx, id, operatorId);
    const walletType = row.walletType as WalletType;
    const currency = currencyOfWallet(walletType);
    const amount = new Decimal(row.amount);
    const signed = row.direction === 'credit' ? amount : amount.negated();
    const journal = await ledger.post(tx, {
      idempotencyKey: `adjustment:${row.id}`,
      reason: 'adjustment',
      memo: `adjustment ${row.id} ${row.reasonCode}`,
      legs: [
        { account: { userId: row.userId, walletType }, amount: signed, requireFunds: row.direction === 'debit' },
        { account: { system: 'HOUSE', currency }, amount: signed.negated() },
      ],
    });
    const [decided] = await tx
      .update(balanceAdjustments)
      .set({ status: 'approved', decidedByOperatorId: operatorId, decidedAt: new Date(), journalId: journal.journalId })
      .where(and(eq(balanceAdjustments.id, row.id), eq(balanceAdjustments.status, 'pending')))
      .returning();
    if (!decided) throw new AppError('ADJUSTMENT_NOT_PENDING');
    await messages.notify(tx, row.userId, row.direction === 'credit' ? 'balanceCredited' : 'balanceDebited', {
      amount: toMoney(amount),
      currency,
      wallet: walletType,
    });
    return viewOf(decided, '');
  }

  async function reject(tx: Executor, operatorId: number, id: number, reason: string) {
    const row = await lockPending(tx, id, operatorId);
    const [decided] = await tx
      .update(balanceAdjustments)
      .set({ status: 'rejected', decidedByOperatorId: operatorId, decidedAt: new Date(), decisionReason: reason })
      .where(eq(balanceAdjustments.id, row.id))
      .returning();
    if (!decided) throw new Error('adjustment vanished');
    return viewOf(decided, '');
  }
  return { approve, reject };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;

/**
 * Manual money adjustments under four eyes. A request changes no balance; only a second operator's
 * approval posts the one ledger journal (reason `adjustment`, key from the request id, so a repeated
 * approval can never move money twice). A debit the available balance cannot cover is refused then.
 */
export function createAdjustmentsService(dependencies: {
  db: Database;
  auth: AuthService;
  ledger: LedgerService;
  messages: MessagesService;
  /** The largest amount one adjustment may move, in its wallet's currency: an admin's, and every other role's. */
  maxAmount: { admin: number; other: number };
}) {
  const { db, auth, ledger, messages, maxAmount } = dependencies;
  const { approve, reject } = adjustmentDecisions(ledger, messages);

  const audited = createAudited(db);

  async function emailOf(userId: number) {
    return (await auth.emailsByUserId([userId])).get(userId) ?? '';
  }

  const review = createReview(db, {
    permission: 'adjustments.approve',
    queuePermission: 'adjustments.request',
    targetType: 'adjustment',
    actions: { approve: 'adjustment.approve', reject: 'adjustment.reject' },
    queue: (filter: Parameters<typeof listAdjustments>[2]) => listAdjustments(db, auth, filter),
    approve,
    reject,
    before: async (tx, id) => {
      const rows = await tx.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
      return rows[0] ? { status: rows[0].status } : undefined;
    },
  });
  /** The decision's answer names the user (the audit row's "after" does not: it is the row as decided). */
  const withEmail = async (adjustment: Adjustment) => ({ ...adjustment, userEmail: await emailOf(Number(adjustment.userId)) });

  return {
    list: review.queue,

    async request(operator: OperatorPrincipal, meta: AuditMeta, input: AdjustmentRequest) {
      requirePermission(operator, 'adjustments.request');
      requireWithinLimit(maxAmount, operator, input.amount, input.walletType);
      const userEmail = await emailOf(input.userId);
      if (!userEmail) throw new AppError('USER_NOT_FOUND');
      return audited(operator, meta, 'adjustment.request', { type: 'user', id: input.userId }, async (tx) => {
        const [row] = await tx
          .insert(balanceAdjustments)
          .values({
            userId: input.userId,
            walletType: input.walletType,
            currency: currencyOfWallet(input.walletType),
            direction: input.direction,
            amount: toMoney(input.amount),
            reasonCode: input.reasonCode,
            note: input.note,
            requestedByOperatorId: operator.operatorId,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        const view = viewOf(row, userEmail);
        return { result: view, after: view };
      });
    },

    /** The approver's role bounds the amount too: a reviewer cannot post what only an admin may. */
    async approve(operator: OperatorPrincipal, meta: AuditMeta, id: number) {
      requirePermission(operator, 'adjustments.approve');
      const [row] = await db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
      if (row) requireWithinLimit(maxAmount, operator, row.amount, row.walletType as WalletType);
      return withEmail(await review.approve(operator, meta, id));
    },
    reject: async (operator: OperatorPrincipal, meta: AuditMeta, id: number, reason: string) =>
      withEmail(await review.reject(operator, meta, id, reason)),
  };
}

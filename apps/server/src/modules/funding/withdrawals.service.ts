import { maskAccount, pageInfo, reviewStatus, type WalletType } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, type Executor, inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { type Notifier, silentNotifier } from '../../platform/notifications.ts';
import type { AuthService, RestrictionsService } from '../auth/index.ts';
import type { KycService } from '../kyc/index.ts';
import { type LedgerService, toMoney } from '../ledger/index.ts';
import { bankCards, withdrawalAddresses, withdrawals } from './funding.tables.ts';
import type { FxRates } from './fx-rates.ts';
import { assertAmountAllowed } from './wallet.service.ts';
import { createYenPayouts, type Payout } from './yen-payouts.ts';

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Money leaves from the BALANCE wallet (USD). */
const SOURCE_WALLET = 'BALANCE' as const;

export function withdrawalView(row: WithdrawalRow) {
  const timeline: Array<{ step: 'requested' | 'paid' | 'rejected'; timeTimestamp: number }> = [
    { step: 'requested', timeTimestamp: row.createdAt.getTime() },
  ];
  if (row.status !== 'pending' && row.decidedAt) timeline.push({ step: row.status, timeTimestamp: row.decidedAt.getTime() });
  return {
    id: String(row.id),
    method: row.method,
    amount: toMoney(row.amount),
    currency: row.currency as 'USD',
    status: row.status,
    reviewStatus: row.status === 'pending' ? reviewStatus.pending : row.status === 'paid' ? reviewStatus.passed : reviewStatus.failed,
    reason: row.reason,
    destination: row.destination,
    payout:
      row.payoutCurrency === 'JPY' && row.payoutAmount !== null && row.payoutRate !== null
        ? {
            currency: 'JPY' as const,
            amount: toMoney(row.payoutAmount),
            rate: new Decimal(row.payoutRate).toSignificantDigits(10).toString(),
          }
        : null,
    timeline,
    createTimeTimestamp: row.createdAt.getTime(),
  };
}

/** Users and logs see only the end of an account: "**** 6623", an alias its first letters. */
export const maskCardNumber = (cardNumber: string) => maskAccount(cardNumber);

type Destination = {
  method: WithdrawalRow['method'];
  destination: string;
  details: Record<string, string>;
  /** Paid in another currency: worked out in the request's transaction, after a replay is recognised. */
  payout?: (executor: Executor) => Promise<Payout>;
};

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;

export type WithdrawalLimits = { dailyMaxUsd: number; monthlyMaxUsd: number };

export function createWithdrawalsService(dependencies: {
  db: Database;
  auth: AuthService;
  restrictions: RestrictionsService;
  kyc: KycService;
  ledger: LedgerService;
  limits: WithdrawalLimits;
  fx: FxRates;
  notify?: Notifier;
  now?: () => Date;
}) {
  const { db, auth, restrictions, kyc, ledger, limits } = dependencies;
  const notify = dependencies.notify ?? silentNotifier;
  const now = dependencies.now ?? (() => new Date());
  const yen = createYenPayouts({ db, fx: dependencies.fx, now });

  /** Refuses a withdrawal that would pass the day's or the month's limit (UTC), counting pending and paid ones. */
  async function assertWithinLimits(executor: Executor, userId: number, amount: string) {
    const moment = now();
    const dayStart = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
    const monthStart = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), 1));
    const used = await executor.execute<{ today: string; month: string }>(sql`
      SELECT coalesce(sum(amount) FILTER (WHERE created_at >= ${dayStart.toISOString()}), 0)::text AS today,
             coalesce(sum(amount), 0)::text AS month
      FROM withdrawals WHERE user_id = ${userId} AND status IN ('pending', 'paid') AND created_at >= ${monthStart.toISOString()}`);
    const row = used.rows[0];
    const remaining = Decimal.min(
      new Decimal(limits.dailyMaxUsd).minus(row?.today ?? 0),
      new Decimal(limits.monthlyMaxUsd).minus(row?.month ?? 0),
    );
    if (new Decimal(amount).greaterThan(remaining)) {
      throw new AppError('WITHDRAWAL_LIMIT_EXCEEDED', { remaining: `$${toMoney(Decimal.max(remaining, 0))}` });
    }
  }

  /** Checks the pay password and, with two-factor on, the code (wrong tries are counted and throttled), then records the request and holds the amount, together. */
  async function apply(
    principal: Principal,
    input: { amount: string; payPassword: string; otpCode?: string | undefined; idempotencyKey: string },
    destination: Destination,
  ) {
    assertAmountAllowed(input.amount);
    const userId = Number(principal.userId);
    if (!(await kyc.isVerified(userId))) throw new AppError('KYC_REQUIRED');
    await auth.verifyPayPassword(principal, input.payPassword, input.otpCode);
    return inTransaction(db, async (tx) => {
      // One withdrawal of a user at a time, so two at once cannot both pass the limits.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`withdrawal:${userId}`}))`);
      // Checked under the lock, in the transaction that holds the money, so a freeze committed before cannot be missed.
      await restrictions.assertWithdrawalsAllowed(tx, userId);
      const existing = await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, input.idempotencyKey)));
      const first = existing[0];
      if (first) {
        if (toMoney(first.amount) !== toMoney(input.amount) || first.destination !== destination.destination)
          throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return withdrawalView(first);
      }
      await assertWithinLimits(tx, userId, toMoney(input.amount));
      const payout = destination.payout ? await destination.payout(tx) : undefined;
      const [row] = await tx
        .insert(withdrawals)
        .values({
          userId,
          method: destination.method,
          walletType: SOURCE_WALLET,
          currency: 'USD',
          amount: toMoney(input.amount),
          destination: destination.destination,
          destinationDetails: destination.details,
          payoutCurrency: payout?.currency ?? null,
          payoutAmount: payout?.amount ?? null,
          payoutRate: payout?.rate ?? null,
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      const { holdId } = await ledger.placeHold(tx, {
        idempotencyKey: `withdrawal:${row.id}:hold`,
        userId,
        walletType: SOURCE_WALLET,
        amount: row.amount,
        reason: 'withdrawal_hold',
      });
      const [held] = await tx.update(withdrawals).set({ holdId }).where(eq(withdrawals.id, row.id)).returning();
      if (!held) throw new Error('withdrawal vanished');
      return withdrawalView(held);
    });
  }

  async function lockPending(executor: Executor, id: number) {
    const rows = await executor.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    const row = rows[0];
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    if (row.status !== 'pending' || row.holdId === null) throw new AppError('REVIEW_NOT_PENDING');
    return { ...row, holdId: row.holdId };
  }

  return {
    async usableAmount(principal: Principal) {
      const wallet = await ledger.wallet(db, Number(principal.userId), SOURCE_WALLET);
      return { walletType: SOURCE_WALLET, currency: wallet.currency, amount: wallet.availableBalance };
    },

    async toBankCard(
      principal: Principal,
      input: { cardId: number; amount: string; payPassword: string; otpCode?: string | undefined; idempotencyKey: string },
    ) {
      const cards = await db
        .select()
        .from(bankCards)
        .where(and(eq(bankCards.id, input.cardId), eq(bankCards.userId, Number(principal.userId)), isNull(bankCards.deletedAt)));
      const card = cards[0];
      if (!card) throw new AppError('CARD_NOT_FOUND');
      return apply(principal, input, {
        method: 'bank',
        destination: `${card.bankName} ${maskCardNumber(card.cardNumber)}`,
        details: {
          bankName: card.bankName,
          accountName: card.accountName,
          cardNumber: card.cardNumber,
          ...(card.routingNumber ? { routingNumber: card.routingNumber } : {}),
        },
      });
    },

    async toAddress(
      principal: Principal,
      input: { addressId: number; amount: string; payPassword: string; otpCode?: string | undefined; idempotencyKey: string },
    ) {
      const addresses = await db
        .select()
        .from(withdrawalAddresses)
        .where(
          and(
            eq(withdrawalAddresses.id, input.addressId),
            eq(withdrawalAddresses.userId, Number(principal.userId)),
            isNull(withdrawalAddresses.deletedAt),
          ),
        );
      const address = addresses[0];
      if (!address) throw new AppError('ADDRESS_NOT_FOUND');
      return apply(principal, input, {
        method: 'crypto',
        destination: `${address.network} ${address.address.slice(0, 6)}…${address.address.slice(-4)}`,
        details: { network: address.network, address: address.address },
      });
    },

    async toYenBank(
      principal: Principal,
      input: {
        institutionName: string;
        branchNumber: string;
        branchName: string;
        accountNumber: string;
        accountType?: string | undefined;
        recipientName: string;
        amount: string;
        quoteId?: string | undefined;
        payPassword: string;
        otpCode?: string | undefined;
        idempotencyKey: string;
      },
    ) {
      const userId = Number(principal.userId);
      return apply(principal, input, {
        method: 'yen_bank',
        destination: `${input.institutionName} ${input.branchName} (${input.branchNumber}) ****${input.accountNumber.slice(-3)}`,
        details: {
          institutionName: input.institutionName,
          branchNumber: input.branchNumber,
          branchName: input.branchName,
          accountNumber: input.accountNumber,
          accountType: input.accountType ?? 'ordinary',
          recipientName: input.recipientName,
        },
        payout: (executor) => yen.payoutFor(executor, userId, toMoney(input.amount), input.quoteId),
      });
    },

    /** What a yen withdrawal of `amount` USD pays, at a rate honoured for 30 s. */
    yenQuote(principal: Principal, input: { amount: string }) {
      assertAmountAllowed(input.amount);
      return yen.quote(Number(principal.userId), toMoney(input.amount));
    },

    /** The full account a withdrawal pays to (for the operator who pays it; the caller checks and audits). */
    async destinationDetails(executor: Executor, withdrawalId: number) {
      const rows = await executor
        .select({ method: withdrawals.method, details: withdrawals.destinationDetails })
        .from(withdrawals)
        .where(eq(withdrawals.id, withdrawalId));
      const row = rows[0];
      if (!row) throw new AppError('RECORD_NOT_FOUND');
      return { method: row.method, details: row.details as Record<string, string> };
    },

    async list(principal: Principal, page: { pageNum: number; pageSize: number }) {
      const userId = Number(principal.userId);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(withdrawals)
          .where(eq(withdrawals.userId, userId))
          .orderBy(desc(withdrawals.id))
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize),
        db.select({ total: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)),
      ]);
      return { list: rows.map(withdrawalView), ...pageInfo(totals[0]?.total ?? 0, page.pageNum, page.pageSize) };
    },

    async reviewQueue(filter: { status: 'pending' | 'all'; pageNum: number; pageSize: number }) {
      const where = filter.status === 'pending' ? eq(withdrawals.status, 'pending') : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(withdrawals)
          .where(where)
          .orderBy(filter.status === 'pending' ? asc(withdrawals.id) : desc(withdrawals.id))
          .limit(filter.pageSize)
          .offset((filter.pageNum - 1) * filter.pageSize),
        db.select({ total: count() }).from(withdrawals).where(where),
      ]);
      const emails = await auth.emailsByUserId([...new Set(rows.map((row) => row.userId))]);
      return {
        list: rows.map((row) => ({ ...withdrawalView(row), userId: String(row.userId), userEmail: emails.get(row.userId) ?? '' })),
        ...pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize),
      };
    },

    /** The operator paid it out: the hold is posted and the money leaves towards the withdrawal clearing account. */
    async markPaid(executor: Executor, operatorId: number, withdrawalId: number) {
      const row = await lockPending(executor, withdrawalId);
      await ledger.postHold(executor, {
        holdId: row.holdId,
        idempotencyKey: `withdrawal:${row.id}:paid`,
        reason: 'withdrawal_paid',
        memo: row.destination,
        counter: { system: 'WITHDRAWAL_CLEARING', currency: 'USD' },
        owner: { userId: row.userId, walletType: row.walletType as WalletType },
      });
      const [paid] = await executor
        .update(withdrawals)
        .set({ status: 'paid', decidedAt: now(), decidedByOperatorId: operatorId })
        .where(eq(withdrawals.id, row.id))
        .returning();
      if (!paid) throw new Error('withdrawal vanished');
      // A yen withdrawal tells the yen that reached the account.
      await notify(executor, paid.userId, 'withdrawalPaid', {
        amount: toMoney(paid.payoutAmount ?? paid.amount),
        currency: paid.payoutCurrency ?? paid.currency,
        destination: paid.destination,
      });
      return withdrawalView(paid);
    },

    /** The operator refused it: the hold is voided and the money is available again. */
    async reject(executor: Executor, operatorId: number, withdrawalId: number, reason: string) {
      const row = await lockPending(executor, withdrawalId);
      await ledger.voidHold(executor, {
        holdId: row.holdId,
        idempotencyKey: `withdrawal:${row.id}:released`,
        reason: 'withdrawal_released',
        owner: { userId: row.userId, walletType: row.walletType as WalletType },
      });
      const [rejected] = await executor
        .update(withdrawals)
        .set({ status: 'rejected', reason, decidedAt: now(), decidedByOperatorId: operatorId })
        .where(eq(withdrawals.id, row.id))
        .returning();
      if (!rejected) throw new Error('withdrawal vanished');
      await notify(executor, rejected.userId, 'withdrawalRejected', {
        amount: toMoney(rejected.amount),
        currency: rejected.currency,
        reason,
      });
      return withdrawalView(rejected);
    },
  };
}

import { randomBytes } from 'node:crypto';
import {
  type Currency,
  currencyOfWallet,
  FX_QUOTE_VALIDITY_MS,
  type LedgerReason,
  pageInfo,
  type StatementKindFilter,
  statementKindFilters,
  type WalletType,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { createGroupQueue, type Database, type Executor, inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { dayIn, formatDateTime } from '../../platform/i18n/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { defaultGroupCommitOptions, type LedgerService, toMoney } from '../ledger/index.ts';
import type { HoldingValue } from '../trading/index.ts';
import { accountAssetsOf, positionFiguresOf } from './account-assets.ts';
import { fxQuotes, walletTransfers } from './funding.tables.ts';
import type { FxRates } from './fx-rates.ts';
import { statementLinesOf } from './statement-lines.ts';

/** Above this, one movement is refused: a guard against typing errors, not a business limit. */
export const AMOUNT_MAXIMUM = new Decimal('1000000000');

type TransferRow = typeof walletTransfers.$inferSelect;
type TransferRowView = Parameters<typeof transferView>[0];
type SameCurrencyTransfer = {
  userId: number;
  fromWalletType: WalletType;
  toWalletType: WalletType;
  amount: string;
  idempotencyKey: string;
};

function transferView(row: Pick<TransferRow, 'id' | 'status' | 'fromWalletType' | 'toWalletType' | 'fromAmount' | 'toAmount' | 'rate'>) {
  return {
    transferId: String(row.id),
    status: row.status,
    fromWalletType: row.fromWalletType as WalletType,
    toWalletType: row.toWalletType as WalletType,
    fromAmount: toMoney(row.fromAmount),
    toAmount: row.toAmount === null ? null : toMoney(row.toAmount),
    rate: row.rate === null ? null : new Decimal(row.rate).toSignificantDigits(10).toString(),
  };
}

export function assertAmountAllowed(amount: string) {
  if (new Decimal(amount).greaterThan(AMOUNT_MAXIMUM)) throw new AppError('AMOUNT_TOO_LARGE');
}

/** A repeat of the key answers the first transfer if it asked for the same, and is refused otherwise. */
async function replayedTransfer(
  executor: Executor,
  userId: number,
  input: { fromWalletType: WalletType; toWalletType: WalletType; idempotencyKey: string },
  fromAmount: string,
) {
  const existing = await executor
    .select()
    .from(walletTransfers)
    .where(and(eq(walletTransfers.userId, userId), eq(walletTransfers.idempotencyKey, input.idempotencyKey)));
  const first = existing[0];
  if (
    !first ||
    first.fromWalletType !== input.fromWalletType ||
    first.toWalletType !== input.toWalletType ||
    toMoney(first.fromAmount) !== fromAmount
  ) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  }
  return transferView(first);
}

export type WalletService = ReturnType<typeof createWalletService>;

export function createWalletService(dependencies: {
  db: Database;
  ledger: LedgerService;
  fx: FxRates;
  now?: () => Date;
  /** The user's open positions valued now (issue 15 §1); without it total assets are the cash alone. */
  holdings?: { of(executor: Executor, userId: number, dayStartsAt: Date): Promise<HoldingValue[]> };
}) {
  const { db, ledger, fx } = dependencies;
  const now = dependencies.now ?? (() => new Date());
  const userIdOf = (principal: Principal) => Number(principal.userId);

  /** The conversion itself: source leaves the user into the FX account, target comes out of it. */
  function conversionLegs(userId: number, from: WalletType, to: WalletType, fromAmount: string, toAmount: string) {
    const fromCurrency = currencyOfWallet(from);
    const toCurrency = currencyOfWallet(to);
    return [
      { account: { userId, walletType: from }, amount: new Decimal(fromAmount).negated(), requireFunds: true },
      { account: { system: 'FX' as const, currency: fromCurrency }, amount: fromAmount },
      { account: { system: 'FX' as const, currency: toCurrency }, amount: new Decimal(toAmount).negated() },
      { account: { userId, walletType: to }, amount: toAmount },
    ];
  }

  /** The movement of a same-currency transfer: from one of the user's wallets to another. */
  const sameCurrencyMovement = (transfer: SameCurrencyTransfer) => ({
    reason: 'transfer' as const,
    legs: [
      {
        account: { userId: transfer.userId, walletType: transfer.fromWalletType },
        amount: new Decimal(transfer.amount).negated(),
        requireFunds: true,
      },
      { account: { userId: transfer.userId, walletType: transfer.toWalletType }, amount: transfer.amount },
    ],
  });

  /**
   * A same-currency transfer alone: its row, completed, and its journal in one statement (ADR 0006): one
   * round trip, atomic (a refusal of the ledger leaves no row). A repeated key inserts nothing and so posts
   * nothing, and answers no row.
   */
  async function transferAlone(transfer: SameCurrencyTransfer): Promise<TransferRowView | undefined> {
    const rows = await ledger.postWithin<TransferRowView & Record<string, unknown>>(
      db,
      'funding_wallet_transfer',
      sameCurrencyMovement(transfer),
      (posting) => sql`
        WITH transfer AS (
          INSERT INTO wallet_transfers (user_id, from_wallet_type, to_wallet_type, from_amount, to_amount, rate, status, idempotency_key, completed_at)
          VALUES (${transfer.userId}, ${transfer.fromWalletType}, ${transfer.toWalletType}, ${transfer.amount}, ${transfer.amount}, 1, 'completed', ${transfer.idempotencyKey}, ${now()})
          ON CONFLICT (user_id, idempotency_key) DO NOTHING
          RETURNING id, status, from_wallet_type, to_wallet_type, from_amount, to_amount, rate
        )
        SELECT transfer.id, transfer.status, transfer.from_wallet_type AS "fromWalletType", transfer.to_wallet_type AS "toWalletType",
               transfer.from_amount AS "fromAmount", transfer.to_amount AS "toAmount", transfer.rate
        FROM transfer CROSS JOIN LATERAL ${posting(sql`'transfer:' || transfer.id`)} AS posted`,
    );
    return rows[0];
  }

  /**
   * Same-currency transfers of any users at once, in one statement (ADR 0009): their rows, completed, and
   * their journals posted set-based. All or nothing: a refusal of any of them fails the statement with
   * nothing written, and the group queue then sends each alone. A repeated key inserts no row, so posts
   * nothing, and answers no row, as alone.
   */
  async function transferGroup(transfers: SameCurrencyTransfer[]): Promise<Array<TransferRowView | undefined>> {
    const inputs = transfers.map((transfer, ordinal) => ({ ordinal, ...transfer }));
    const rows = await ledger.postSetWithin<TransferRowView & { ordinal: number }>(
      db,
      'funding_wallet_transfers',
      transfers.map(sameCurrencyMovement),
      (posting) => sql`
        WITH input AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(inputs)}::jsonb)
            AS x(ordinal integer, "userId" bigint, "fromWalletType" text, "toWalletType" text, amount numeric, "idempotencyKey" text)
        ), transfer AS (
          INSERT INTO wallet_transfers (user_id, from_wallet_type, to_wallet_type, from_amount, to_amount, rate, status, idempotency_key, completed_at)
          SELECT "userId", "fromWalletType", "toWalletType", amount, amount, 1, 'completed', "idempotencyKey", ${now()}::timestamptz
          FROM input ORDER BY ordinal
          ON CONFLICT (user_id, idempotency_key) DO NOTHING
          RETURNING id, user_id, idempotency_key, status, from_wallet_type, to_wallet_type, from_amount, to_amount, rate
        ), numbered AS (
          SELECT input.ordinal, transfer.* FROM transfer
          JOIN input ON input."userId" = transfer.user_id AND input."idempotencyKey" = transfer.idempotency_key
        ), posted AS (
          -- Referenced below so that it runs; it posts every journal or fails the statement.
          SELECT count(*) AS journals FROM ${posting(sql`SELECT numbered.ordinal, 'transfer:' || numbered.id FROM numbered`)}
        )
        SELECT numbered.ordinal, numbered.id, numbered.status, numbered.from_wallet_type AS "fromWalletType",
               numbered.to_wallet_type AS "toWalletType", numbered.from_amount AS "fromAmount", numbered.to_amount AS "toAmount", numbered.rate
        FROM numbered CROSS JOIN posted`,
    );
    const byOrdinal = new Map(rows.map((row) => [Number(row.ordinal), row]));
    if (rows.length !== byOrdinal.size) throw new Error('a transfer of the group answered twice');
    return transfers.map((_, ordinal) => byOrdinal.get(ordinal));
  }

  const sameCurrencyTransfers = createGroupQueue<SameCurrencyTransfer, TransferRowView | undefined>(defaultGroupCommitOptions, {
    keyOf: (transfer) => `${transfer.userId}:${transfer.idempotencyKey}`,
    sendGroup: transferGroup,
    sendAlone: transferAlone,
  });

  async function completePendingTransfer(executor: Executor, row: TransferRow) {
    if (row.holdId === null) throw new Error(`pending transfer ${row.id} has no hold`);
    const from = row.fromWalletType as WalletType;
    const to = row.toWalletType as WalletType;
    const rate = fx.rate(currencyOfWallet(from), currencyOfWallet(to));
    const toAmount = toMoney(new Decimal(row.fromAmount).times(rate));
    await ledger.postHold(executor, {
      holdId: row.holdId,
      idempotencyKey: `transfer:${row.id}:source`,
      reason: 'fx_conversion',
      counter: { system: 'FX', currency: currencyOfWallet(from) },
      owner: { userId: row.userId, walletType: from },
    });
    await ledger.post(executor, {
      idempotencyKey: `transfer:${row.id}:target`,
      reason: 'fx_conversion',
      legs: [
        { account: { system: 'FX', currency: currencyOfWallet(to) }, amount: new Decimal(toAmount).negated() },
        { account: { userId: row.userId, walletType: to }, amount: toAmount },
      ],
    });
    await executor
      .update(walletTransfers)
      .set({ status: 'completed', toAmount, rate: rate.toString(), completedAt: now() })
      .where(eq(walletTransfers.id, row.id));
  }

  /** Wallets, open positions and today's realised P&L of a user, valued now at the live rates (issue 15 §1). */
  async function snapshot(userId: number, timeZone: string) {
    const { startsAt } = dayIn(now(), timeZone);
    const [wallets, holdings, realised] = await Promise.all([
      ledger.wallets(db, userId),
      dependencies.holdings?.of(db, userId, startsAt) ?? [],
      ledger.realisedSince(db, userId, startsAt),
    ]);
    const rateUsd = (currency: Currency) => fx.rate(currency, 'USD');
    const currencies: Currency[] = ['USD', 'TWD', 'ARS'];
    const ratesUsd = Object.fromEntries(currencies.map((currency) => [currency, rateUsd(currency).toSignificantDigits(10).toString()]));
    const totalUsd = wallets.reduce((sum, wallet) => sum.plus(new Decimal(wallet.balance).times(rateUsd(wallet.currency))), new Decimal(0));
    const realisedTodayUsd = realised.reduce(
      (sum, row) => sum.plus(new Decimal(row.total).times(rateUsd(row.currency as Currency))),
      new Decimal(0),
    );
    const assets = accountAssetsOf({ wallets, holdings, realisedTodayUsd, rateUsd });
    const positions = positionFiguresOf({ holdings, totalAssetsUsd: assets.totalAssetsUsd, rateUsd });
    return { wallets, totalUsd: toMoney(totalUsd), ratesUsd, assets, todayProfit: toMoney(realisedTodayUsd), positions };
  }

  return {
    /** How same-currency transfers were grouped (groups, items, largest, fallbacks): what tests and benchmarks read. */
    transferGroupStats: () => sameCurrencyTransfers.stats(),

    async balance(principal: Principal, walletType: WalletType) {
      return ledger.wallet(db, userIdOf(principal), walletType);
    },

    /** Every wallet, their cash total in USD at the current rates, and total assets with the positions. */
    async overview(principal: Principal) {
      const { wallets, totalUsd, ratesUsd, assets } = await snapshot(userIdOf(principal), 'UTC');
      return { wallets, totalUsd, ratesUsd, assets };
    },

    /** Each open position's value, today's P&L and weight, from the same valuation as total assets (issue 15 §11). */
    async positionFigures(userId: number, timeZone: string) {
      return (await snapshot(userId, timeZone)).positions;
    },

    async fundingOverview(principal: Principal, timeZone: string) {
      const { date } = dayIn(now(), timeZone);
      const { totalUsd, assets, todayProfit } = await snapshot(userIdOf(principal), timeZone);
      return { thisDate: date, todayProfit, totalUsd, assets };
    },

    /** The user's statement, newest first, each line in words (issue 15 §6), narrowed by wallet, kind and dates. */
    async statement(
      principal: Principal,
      input: {
        walletType?: WalletType | undefined;
        kind?: StatementKindFilter | undefined;
        fromDate?: string | undefined;
        toDate?: string | undefined;
        timeZone: string;
        pageNum: number;
        pageSize: number;
      },
    ) {
      const userId = userIdOf(principal);
      const startOf = (date: string) => dayIn(new Date(`${date}T12:00:00Z`), input.timeZone).startsAt;
      const page = await ledger.statement(db, userId, {
        ...input,
        reasons: input.kind === undefined ? undefined : statementKindFilters[input.kind],
        from: input.fromDate === undefined ? undefined : startOf(input.fromDate),
        // The last day is included: up to the start of the next.
        to: input.toDate === undefined ? undefined : new Date(startOf(input.toDate).getTime() + 24 * 60 * 60_000),
      });
      const lines = await statementLinesOf(db, userId, page.rows);
      return {
        list: lines.map(({ row, amount, balanceAfter, line, subject, memo }) => {
          const createdAt = new Date(row.created_at);
          return {
            id: line === 'fee' && row.reason !== 'fee' ? `${row.id}-fee` : row.id,
            walletType: row.wallet_type as WalletType,
            currency: row.currency as Currency,
            amount,
            balanceAfter,
            reason: row.reason as LedgerReason,
            memo,
            line,
            subject,
            createTimeTimestamp: createdAt.getTime(),
            createTime: formatDateTime(createdAt, input.timeZone),
          };
        }),
        ...pageInfo(page.total, input.pageNum, input.pageSize),
      };
    },

    /** A rate for a cross-currency transfer, shown to the person and honoured for 30 s. */
    async quote(principal: Principal, input: { fromWalletType: WalletType; toWalletType: WalletType; amount: string }) {
      assertAmountAllowed(input.amount);
      const rate = fx.rate(currencyOfWallet(input.fromWalletType), currencyOfWallet(input.toWalletType));
      const toAmount = toMoney(new Decimal(input.amount).times(rate));
      const id = randomBytes(12).toString('base64url');
      const expiresAt = new Date(now().getTime() + FX_QUOTE_VALIDITY_MS);
      await db.insert(fxQuotes).values({
        id,
        userId: userIdOf(principal),
        fromWalletType: input.fromWalletType,
        toWalletType: input.toWalletType,
        fromAmount: toMoney(input.amount),
        toAmount,
        rate: rate.toString(),
        expiresAt,
      });
      return {
        quoteId: id,
        fromWalletType: input.fromWalletType,
        toWalletType: input.toWalletType,
        fromAmount: toMoney(input.amount),
        toAmount,
        rate: rate.toSignificantDigits(10).toString(),
        expiresAtTimestamp: expiresAt.getTime(),
      };
    },

    /**
     * Moves money between the person's own wallets. Same currency: at once. Across currencies: at the
     * quoted rate while forex trades; outside its hours the amount is held and converts at the open.
     */
    async transfer(
      principal: Principal,
      input: { fromWalletType: WalletType; toWalletType: WalletType; amount: string; quoteId?: string | undefined; idempotencyKey: string },
    ) {
      assertAmountAllowed(input.amount);
      const userId = userIdOf(principal);
      const fromAmount = toMoney(input.amount);
      const isConversion = currencyOfWallet(input.fromWalletType) !== currencyOfWallet(input.toWalletType);
      const replayOf = (executor: Executor) => replayedTransfer(executor, userId, input, fromAmount);

      if (!isConversion) {
        const done = await sameCurrencyTransfers.submit({
          userId,
          fromWalletType: input.fromWalletType,
          toWalletType: input.toWalletType,
          amount: fromAmount,
          idempotencyKey: input.idempotencyKey,
        });
        return done ? transferView(done) : replayOf(db);
      }

      return inTransaction(db, async (tx) => {
        const inserted = await tx
          .insert(walletTransfers)
          .values({
            userId,
            fromWalletType: input.fromWalletType,
            toWalletType: input.toWalletType,
            fromAmount,
            status: 'pending',
            idempotencyKey: input.idempotencyKey,
            quoteId: input.quoteId ?? null,
          })
          .onConflictDoNothing({ target: [walletTransfers.userId, walletTransfers.idempotencyKey] })
          .returning();
        const row = inserted[0];
        if (!row) return replayOf(tx);

        const quotes = input.quoteId
          ? await tx
              .select()
              .from(fxQuotes)
              .where(and(eq(fxQuotes.id, input.quoteId), eq(fxQuotes.userId, userId)))
          : [];
        const quote = quotes[0];
        if (
          !quote ||
          quote.expiresAt.getTime() <= now().getTime() ||
          quote.fromWalletType !== input.fromWalletType ||
          quote.toWalletType !== input.toWalletType ||
          toMoney(quote.fromAmount) !== fromAmount
        ) {
          throw new AppError('FX_QUOTE_INVALID');
        }

        if (fx.isMarketOpen(now())) {
          await ledger.post(tx, {
            idempotencyKey: `transfer:${row.id}`,
            reason: 'fx_conversion',
            legs: conversionLegs(userId, input.fromWalletType, input.toWalletType, fromAmount, toMoney(quote.toAmount)),
          });
          const [done] = await tx
            .update(walletTransfers)
            .set({ status: 'completed', toAmount: toMoney(quote.toAmount), rate: quote.rate, completedAt: now() })
            .where(eq(walletTransfers.id, row.id))
            .returning();
          if (!done) throw new Error('transfer row vanished');
          return transferView(done);
        }

        const { holdId } = await ledger.placeHold(tx, {
          idempotencyKey: `transfer:${row.id}:hold`,
          userId,
          walletType: input.fromWalletType,
          amount: fromAmount,
          reason: 'fx_conversion',
        });
        const [waiting] = await tx.update(walletTransfers).set({ holdId }).where(eq(walletTransfers.id, row.id)).returning();
        if (!waiting) throw new Error('transfer row vanished');
        return transferView(waiting);
      });
    },

    async cancelTransfer(principal: Principal, transferId: number) {
      return inTransaction(db, async (tx) => {
        const rows = await tx
          .select()
          .from(walletTransfers)
          .where(and(eq(walletTransfers.id, transferId), eq(walletTransfers.userId, userIdOf(principal))))
          .for('update');
        const row = rows[0];
        if (row?.status !== 'pending' || row.holdId === null) throw new AppError('TRANSFER_NOT_CANCELLABLE');
        await ledger.voidHold(tx, {
          holdId: row.holdId,
          idempotencyKey: `transfer:${row.id}:cancel`,
          reason: 'fx_conversion',
          owner: { userId: row.userId, walletType: row.fromWalletType as WalletType },
        });
        const [cancelled] = await tx
          .update(walletTransfers)
          .set({ status: 'cancelled', completedAt: now() })
          .where(eq(walletTransfers.id, row.id))
          .returning();
        if (!cancelled) throw new Error('transfer row vanished');
        return transferView(cancelled);
      });
    },

    /** Converts what waited for the forex open, at the rate of the moment it runs. */
    pendingTransfersJob: {
      name: 'funding-pending-transfers',
      intervalMs: 30_000,
      async run(executor) {
        if (!fx.isMarketOpen(now())) return;
        const pending = await executor
          .select()
          .from(walletTransfers)
          .where(sql`${walletTransfers.status} = 'pending' AND ${walletTransfers.holdId} IS NOT NULL`)
          .orderBy(walletTransfers.id)
          .limit(500)
          .for('update', { skipLocked: true });
        for (const row of pending) await completePendingTransfer(executor, row);
      },
    } satisfies JobDefinition,
  };
}

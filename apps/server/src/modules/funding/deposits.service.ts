import { randomBytes } from 'node:crypto';
import {
  currencyOfWallet,
  DEPOSIT_CONFIRMATIONS_REQUIRED,
  DEPOSIT_MINIMUM,
  type DepositWalletType,
  depositWalletTypes,
  pageInfo,
  reviewStatus,
  type WalletType,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { type Database, type Executor, uniqueViolationConstraint } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { type Notifier, silentNotifier } from '../../platform/notifications.ts';
import type { AuthService } from '../auth/index.ts';
import { type LedgerService, toMoney } from '../ledger/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import { type ChainWatcher, depositNetworks, simulatedDepositAddress } from './chain-watcher.ts';
import { depositAddresses, deposits } from './funding.tables.ts';
import type { ReceivingAccountsService } from './receiving-accounts.service.ts';
import { assertAmountAllowed } from './wallet.service.ts';

type DepositRow = typeof deposits.$inferSelect;

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The prefix of every reference issued to a user: "BD" and the user's id in base 36. */
const referencePrefixOf = (userId: number) => `BD${userId.toString(36).toUpperCase()}-`;

/** A new deposit reference for this user: the prefix and eight random characters (unique index on use). */
export function newDepositReference(userId: number): string {
  const bytes = randomBytes(8);
  let tail = '';
  for (const byte of bytes) tail += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return `${referencePrefixOf(userId)}${tail}`;
}

const reviewOf: Record<DepositRow['status'], number> = {
  pending: reviewStatus.pending,
  confirming: reviewStatus.pending,
  credited: reviewStatus.passed,
  rejected: reviewStatus.failed,
  below_minimum: reviewStatus.failed,
};

export function depositView(row: DepositRow) {
  return {
    id: String(row.id),
    method: row.method,
    walletType: row.walletType as WalletType,
    currency: row.currency as 'USD',
    amount: toMoney(row.amount),
    status: row.status,
    reviewStatus: reviewOf[row.status],
    reason: row.reason,
    network: row.network,
    txHash: row.txHash,
    confirmations: row.confirmations,
    screenshotUrl: row.screenshotUrl,
    reference: row.reference,
    createTimeTimestamp: row.createdAt.getTime(),
    updateTimeTimestamp: row.updatedAt.getTime(),
  };
}

type CreateDeposit =
  | { method: 'fiat'; walletType: DepositWalletType; amount: string; screenshotUrl: string; reference?: string | undefined }
  | { method: 'crypto'; network: string; amount: string; txHash: string };

export type DepositsService = ReturnType<typeof createDepositsService>;

export function createDepositsService(dependencies: {
  db: Database;
  auth: AuthService;
  ledger: LedgerService;
  uploads: UploadsService;
  chain: ChainWatcher;
  receivingAccounts: ReceivingAccountsService;
  notify?: Notifier;
  now?: () => Date;
}) {
  const { db, auth, ledger, uploads, chain, receivingAccounts } = dependencies;
  const notify = dependencies.notify ?? silentNotifier;
  const now = dependencies.now ?? (() => new Date());

  async function credit(executor: Executor, row: DepositRow, operatorId: number | null) {
    const { journalId } = await ledger.post(executor, {
      idempotencyKey: `deposit:${row.id}`,
      reason: 'deposit',
      ...(row.method === 'crypto' ? { memo: `${row.network} ${row.txHash}` } : {}),
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: row.currency as 'USD' }, amount: new Decimal(row.amount).negated() },
        { account: { userId: row.userId, walletType: row.walletType as WalletType }, amount: row.amount },
      ],
    });
    const [credited] = await executor
      .update(deposits)
      .set({ status: 'credited', journalId, decidedByOperatorId: operatorId, updatedAt: now() })
      .where(eq(deposits.id, row.id))
      .returning();
    if (!credited) throw new Error('deposit vanished');
    await notify(executor, row.userId, 'depositCredited', { amount: toMoney(row.amount), currency: row.currency });
    return credited;
  }

  async function lockPending(executor: Executor, id: number) {
    const rows = await executor.select().from(deposits).where(eq(deposits.id, id)).for('update');
    const row = rows[0];
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('REVIEW_NOT_PENDING');
    return row;
  }

  return {
    async methods(principal: Principal) {
      const userId = Number(principal.userId);
      const addresses = depositNetworks.map(({ network }) => ({ network, address: simulatedDepositAddress(userId, network) }));
      await db
        .insert(depositAddresses)
        .values(addresses.map((entry) => ({ userId, ...entry })))
        .onConflictDoNothing();
      return {
        fiat: {
          currencies: depositWalletTypes.map((walletType) => ({ walletType, currency: currencyOfWallet(walletType) })),
          depositMinimum: toMoney(DEPOSIT_MINIMUM),
          receivingAccounts: await receivingAccounts.active(),
          reference: newDepositReference(userId),
        },
        crypto: depositNetworks.map(({ network, currency }) => ({
          network,
          currency,
          address: simulatedDepositAddress(userId, network),
          confirmationsRequired: DEPOSIT_CONFIRMATIONS_REQUIRED,
          depositMinimum: toMoney(DEPOSIT_MINIMUM),
        })),
      };
    },

    /** Records a deposit: fiat waits for review; crypto waits for confirmations; below the minimum it is recorded and never credited. */
    async create(principal: Principal, input: CreateDeposit) {
      assertAmountAllowed(input.amount);
      const userId = Number(principal.userId);
      const isBelowMinimum = new Decimal(input.amount).lessThan(DEPOSIT_MINIMUM);
      const base = { userId, amount: toMoney(input.amount), reason: isBelowMinimum ? 'below_minimum' : null };
      if (input.method === 'fiat') {
        if (!(await uploads.readOwned(userId, input.screenshotUrl))) throw new AppError('SCREENSHOT_MISSING');
        const reference = input.reference ?? newDepositReference(userId);
        if (!reference.startsWith(referencePrefixOf(userId))) throw new AppError('DEPOSIT_REFERENCE_INVALID');
        try {
          const [row] = await db
            .insert(deposits)
            .values({
              ...base,
              method: 'fiat',
              walletType: input.walletType,
              currency: currencyOfWallet(input.walletType),
              status: isBelowMinimum ? 'below_minimum' : 'pending',
              screenshotUrl: input.screenshotUrl,
              reference,
            })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          return depositView(row);
        } catch (error) {
          if (uniqueViolationConstraint(error) === 'deposits_reference_key') throw new AppError('DEPOSIT_REFERENCE_INVALID');
          throw error;
        }
      }
      if (!depositNetworks.some(({ network }) => network === input.network)) throw new AppError('DEPOSIT_NETWORK_UNKNOWN');
      try {
        const [row] = await db
          .insert(deposits)
          .values({
            ...base,
            method: 'crypto',
            walletType: 'BALANCE',
            currency: 'USD',
            status: isBelowMinimum ? 'below_minimum' : 'confirming',
            network: input.network,
            txHash: input.txHash.toLowerCase(),
            confirmations: 0,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        return depositView(row);
      } catch (error) {
        if (uniqueViolationConstraint(error) === 'deposits_tx_key') throw new AppError('DEPOSIT_TX_DUPLICATE');
        throw error;
      }
    },

    async list(principal: Principal, page: { pageNum: number; pageSize: number }) {
      const userId = Number(principal.userId);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(deposits)
          .where(eq(deposits.userId, userId))
          .orderBy(desc(deposits.id))
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize),
        db.select({ total: count() }).from(deposits).where(eq(deposits.userId, userId)),
      ]);
      return { list: rows.map(depositView), ...pageInfo(totals[0]?.total ?? 0, page.pageNum, page.pageSize) };
    },

    /** For operators: the review queue, oldest first when pending. */
    async reviewQueue(filter: { status: 'pending' | 'all'; pageNum: number; pageSize: number }) {
      const where = filter.status === 'pending' ? eq(deposits.status, 'pending') : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(deposits)
          .where(where)
          .orderBy(filter.status === 'pending' ? asc(deposits.id) : desc(deposits.id))
          .limit(filter.pageSize)
          .offset((filter.pageNum - 1) * filter.pageSize),
        db.select({ total: count() }).from(deposits).where(where),
      ]);
      const emails = await auth.emailsByUserId([...new Set(rows.map((row) => row.userId))]);
      return {
        list: rows.map((row) => ({ ...depositView(row), userId: String(row.userId), userEmail: emails.get(row.userId) ?? '' })),
        ...pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize),
      };
    },

    async approve(executor: Executor, operatorId: number, depositId: number) {
      const row = await lockPending(executor, depositId);
      return depositView(await credit(executor, row, operatorId));
    },

    async reject(executor: Executor, operatorId: number, depositId: number, reason: string) {
      await lockPending(executor, depositId);
      const [rejected] = await executor
        .update(deposits)
        .set({ status: 'rejected', reason, decidedByOperatorId: operatorId, updatedAt: now() })
        .where(eq(deposits.id, depositId))
        .returning();
      if (!rejected) throw new Error('deposit vanished');
      await notify(executor, rejected.userId, 'depositRejected', { amount: toMoney(rejected.amount), currency: rejected.currency, reason });
      return depositView(rejected);
    },

    /** Watches crypto deposits and credits each once it has enough confirmations. */
    chainWatcherJob: {
      name: 'funding-chain-watcher',
      intervalMs: 5_000,
      async run(executor) {
        const confirming = await executor
          .select()
          .from(deposits)
          .where(and(eq(deposits.method, 'crypto'), eq(deposits.status, 'confirming')))
          .orderBy(deposits.id)
          .limit(500)
          .for('update', { skipLocked: true });
        for (const row of confirming) {
          const confirmations = await chain.confirmations(
            { network: row.network ?? '', txHash: row.txHash ?? '', submittedAt: row.createdAt },
            now(),
          );
          if (confirmations >= DEPOSIT_CONFIRMATIONS_REQUIRED) {
            await executor.update(deposits).set({ confirmations }).where(eq(deposits.id, row.id));
            await credit(executor, { ...row, confirmations }, null);
          } else if (confirmations !== row.confirmations) {
            await executor.update(deposits).set({ confirmations, updatedAt: now() }).where(eq(deposits.id, row.id));
          }
        }
      },
    } satisfies JobDefinition,
  };
}

import {
  type Currency,
  currencyOfWallet,
  pageInfo,
  type ReferralInvitee,
  type ReferralProgramme,
  type WalletType,
  walletTypes,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { accountsByIds, type InvitedUser, invitedUsersAfter, inviteesOf, sessionTracesOf } from '../auth/index.ts';
import { usersSharingPaymentInstrument } from '../funding/index.ts';
import { latestSubmissionsOf } from '../kyc/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import { abuseSignals, fundedSince, maskEmail } from './referral.rules.ts';
import { referralProgramme, referralRewards, referralTerms } from './referral.tables.ts';

export type ReferralDependencies = {
  db: Database;
  ledger: LedgerService;
  notify: MessagesService['notify'];
  now: () => Date;
  logger: { error(object: object, message: string): void };
};
type ProgrammeRow = typeof referralProgramme.$inferSelect;
export type RewardRow = typeof referralRewards.$inferSelect;
export type TermsRow = typeof referralTerms.$inferSelect;

const DAY_MS = 86_400_000;
/** How many invitees the job reads at a time while it walks them all. */
const JOB_BATCH = 200;

/** The programme a deployment starts with; operators change it in the console. */
export const defaultProgramme = { rewardAmount: '20', currency: 'USD', minDeposit: '100', holdDays: 30, yearlyCap: '500' } as const;

export async function programmeOf(executor: Executor): Promise<ProgrammeRow> {
  const [row] = await executor.select().from(referralProgramme).where(eq(referralProgramme.id, 1));
  if (!row) throw new Error('referral programme not seeded');
  return row;
}

/** Every version of the terms, oldest first (a handful of rows: one per change of the programme). */
export async function termsVersions(executor: Executor): Promise<TermsRow[]> {
  const rows = await executor.select().from(referralTerms).orderBy(asc(referralTerms.effectiveFrom), asc(referralTerms.id));
  if (rows.length === 0) throw new Error('referral terms not seeded');
  return rows;
}

/**
 * The terms an invitee registered under: the last version in effect at their registration (both times
 * are the database's). One registered before the first version kept gets the first.
 */
export function termsAt(versions: readonly TermsRow[], registeredAt: Date): TermsRow {
  let chosen = versions[0] as TermsRow;
  for (const version of versions) if (version.effectiveFrom.getTime() <= registeredAt.getTime()) chosen = version;
  return chosen;
}

export async function termsById(executor: Executor, id: number | null): Promise<TermsRow | undefined> {
  if (id === null) return undefined;
  const [row] = await executor.select().from(referralTerms).where(eq(referralTerms.id, id));
  return row;
}

export function programmeView(row: ProgrammeRow): ReferralProgramme {
  return {
    isEnabled: row.isEnabled,
    rewardAmount: new Decimal(row.rewardAmount).toFixed(2),
    currency: row.currency as Currency,
    minDeposit: new Decimal(row.minDeposit).toFixed(2),
    holdDays: row.holdDays,
    yearlyCap: new Decimal(row.yearlyCap).toFixed(2),
    updatedAtTimestamp: row.updatedAt.getTime(),
  };
}

/** The general wallet of a currency: the reward's destination (USD to BALANCE, TWD to TW, ARS to AR). */
export function rewardWalletOf(currency: string): WalletType {
  return walletTypes.find((walletType) => currencyOfWallet(walletType) === currency) ?? 'BALANCE';
}

const yearStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), 0, 1));

/** What a referrer was paid since a moment in a currency. */
async function paidSince(executor: Executor, referrerId: number, currency: string, since: Date | undefined) {
  const [row] = await executor
    .select({ total: sql<string>`coalesce(sum(${referralRewards.amount}), 0)::text` })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.referrerUserId, referrerId),
        eq(referralRewards.state, 'paid'),
        eq(referralRewards.currency, currency),
        since ? gte(referralRewards.paidAt, since) : undefined,
      ),
    );
  return new Decimal(row?.total ?? 0);
}

/** Since when an invitee's deposit has been kept, read from the ledger in the currency of the invitee's terms. */
export async function fundedSinceOf(
  dependencies: ReferralDependencies,
  executor: Executor,
  inviteeId: number,
  programme: Pick<TermsRow, 'currency' | 'minDeposit'>,
) {
  const movements = await dependencies.ledger.movementsOfReasons(executor, inviteeId, programme.currency as Currency, [
    'deposit',
    'withdrawal_paid',
  ]);
  return fundedSince(movements, programme.minDeposit);
}

/**
 * Pays a reward that fell due, within the yearly cap of the invitee's terms: the journal `referral:<invitee>:reward`
 * moves the amount from the platform's referral expense to the referrer's general wallet of the currency.
 * Runs with the referrer's advisory lock held, so two rewards never both fit under the cap.
 */
type Due = Pick<RewardRow, 'referrerUserId' | 'inviteeUserId' | 'amount' | 'currency'>;

export async function payWithinCap(dependencies: ReferralDependencies, tx: Executor, row: Due, yearlyCap: Decimal.Value) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('referral-referrer'), ${row.referrerUserId}::int)`);
  const now = dependencies.now();
  const paid = await paidSince(tx, row.referrerUserId, row.currency, yearStartOf(now));
  if (paid.plus(row.amount).greaterThan(yearlyCap)) return undefined;
  const journal = await dependencies.ledger.post(tx, {
    idempotencyKey: `referral:${row.inviteeUserId}:reward`,
    reason: 'referral_reward',
    memo: `referral of user ${row.inviteeUserId}`,
    legs: [
      { account: { userId: row.referrerUserId, walletType: rewardWalletOf(row.currency) }, amount: row.amount },
      { account: { system: 'REFERRAL_EXPENSE', currency: row.currency as Currency }, amount: new Decimal(row.amount).negated() },
    ],
  });
  return { journalId: journal.journalId, paidAt: now };
}

/**
 * The referrer's inbox message about one reward: paid, or (with the operator's reason) a held reward
 * refused. Sent in the transaction that stored the decision, so a reward decided once is told once.
 */
export function tellReferrer(dependencies: ReferralDependencies, tx: Executor, reward: Due, inviteeEmail: string, reason?: string) {
  const values = { amount: new Decimal(reward.amount).toFixed(2), currency: reward.currency, invitee: maskEmail(inviteeEmail) };
  return reason === undefined
    ? dependencies.notify(tx, reward.referrerUserId, 'referralRewardPaid', values)
    : dependencies.notify(tx, reward.referrerUserId, 'referralRewardRejected', { ...values, reason });
}

/** The facts about a pair that the abuse rules judge. */
async function pairFacts(tx: Executor, referrerId: number, inviteeId: number) {
  const [accounts, submissions, traces, sharePaymentInstrument] = await Promise.all([
    accountsByIds(tx, [referrerId, inviteeId]),
    latestSubmissionsOf(tx, [referrerId, inviteeId]),
    sessionTracesOf(tx, [referrerId, inviteeId]),
    usersSharingPaymentInstrument(tx, referrerId, inviteeId),
  ]);
  const verifiedName = (userId: number) => {
    const submission = submissions.get(userId);
    return submission?.status === 'verified' ? `${submission.firstName} ${submission.lastName}` : null;
  };
  const inviterChain: number[] = [];
  let above = accounts.get(referrerId)?.invitedByUserId ?? null;
  // One level is paid, but a ring of accounts inviting each other is a signal: walk the referrer's inviters.
  while (above !== null && inviterChain.length < 20 && !inviterChain.includes(above)) {
    inviterChain.push(above);
    above = (await accountsByIds(tx, [above])).get(above)?.invitedByUserId ?? null;
  }
  return {
    referrer: {
      email: accounts.get(referrerId)?.email ?? '',
      verifiedName: verifiedName(referrerId),
      traces: traces.filter((trace) => trace.userId === referrerId),
      inviterChain,
    },
    invitee: {
      id: inviteeId,
      email: accounts.get(inviteeId)?.email ?? '',
      verifiedName: verifiedName(inviteeId),
      traces: traces.filter((trace) => trace.userId === inviteeId),
    },
    sharePaymentInstrument,
  };
}

/**
 * An invitee whose deposit has been kept long enough: refused for a self-referral, held for review on
 * any other abuse signal, otherwise paid (or capped past the referrer's yearly cap). One row per invitee,
 * with the amount, currency and cap of the terms the invitee registered under.
 */
async function decide(dependencies: ReferralDependencies, tx: Executor, invitee: InvitedUser, since: Date, terms: TermsRow) {
  const signals = abuseSignals(await pairFacts(tx, invitee.invitedByUserId, invitee.id));
  const isSelf = signals.includes('self_referral');
  const state = isSelf ? 'refused' : signals.length > 0 ? 'held' : 'paid';
  const values = {
    inviteeUserId: invitee.id,
    referrerUserId: invitee.invitedByUserId,
    signals,
    amount: terms.rewardAmount,
    currency: terms.currency,
    fundedSince: since,
    termsId: terms.id,
    reason: isSelf ? 'self_referral' : null,
  };
  if (state !== 'paid') {
    await tx
      .insert(referralRewards)
      .values({ ...values, state })
      .onConflictDoNothing();
    return state;
  }
  const payment = await payWithinCap(dependencies, tx, values, terms.yearlyCap);
  const [stored] = await tx
    .insert(referralRewards)
    .values(payment ? { ...values, state: 'paid', ...payment } : { ...values, state: 'capped', reason: 'yearly_cap' })
    .onConflictDoNothing()
    .returning({ id: referralRewards.id });
  // Another run that stored this invitee first has told the referrer already.
  if (payment && stored) await tellReferrer(dependencies, tx, values, invitee.email);
  return payment ? 'paid' : 'capped';
}

/**
 * The job: every invitee without a reward row whose deposit has been kept for the days of the terms they
 * registered under (a programme off when they registered rewards nothing; switched off later, it still
 * rewards those invited before).
 */
async function runRewards(dependencies: ReferralDependencies, executor: Executor) {
  const versions = await termsVersions(executor);
  const now = dependencies.now().getTime();
  for (let afterId = 0; ; ) {
    const batch = await invitedUsersAfter(executor, afterId, JOB_BATCH);
    if (batch.length === 0) return;
    afterId = batch[batch.length - 1]?.id ?? afterId;
    const decided = await executor
      .select({ inviteeUserId: referralRewards.inviteeUserId })
      .from(referralRewards)
      .where(
        inArray(
          referralRewards.inviteeUserId,
          batch.map((invitee) => invitee.id),
        ),
      );
    const hasRow = new Set(decided.map((row) => row.inviteeUserId));
    for (const invitee of batch.filter((candidate) => !hasRow.has(candidate.id))) {
      const terms = termsAt(versions, invitee.createdAt);
      if (!terms.isEnabled) continue;
      const since = await fundedSinceOf(dependencies, executor, invitee.id, terms);
      if (since === null || since.getTime() > now - terms.holdDays * DAY_MS) continue;
      // Each decision in its own savepoint: one that fails is logged and tried again next run, the others stand.
      await executor
        .transaction((savepoint) => decide(dependencies, savepoint, invitee, since, terms))
        .catch((error: unknown) => dependencies.logger.error({ err: error, inviteeId: invitee.id }, 'referral reward not decided'));
    }
  }
}

export type ReferralService = ReturnType<typeof createReferralService>;

/** The referrer's side: the share page's figures and the list of invitees; and the job that rewards. */
export function createReferralService(dependencies: ReferralDependencies) {
  const { db, now } = dependencies;
  return {
    dependencies,

    async share(principal: Principal) {
      const userId = Number(principal.userId);
      const programme = await programmeOf(db);
      const [accounts, paidThisYear, paidTotal, invitees] = await Promise.all([
        accountsByIds(db, [userId]),
        paidSince(db, userId, programme.currency, yearStartOf(now())),
        paidSince(db, userId, programme.currency, undefined),
        inviteesOf(db, userId, 1, 0),
      ]);
      const account = accounts.get(userId);
      if (!account) throw new AppError('UNAUTHORIZED');
      return {
        invitationCode: account.invitationCode,
        programme: programmeView(programme),
        paidThisYear: paidThisYear.toFixed(2),
        paidTotal: paidTotal.toFixed(2),
        inviteeCount: invitees.total,
      };
    },

    async invitees(principal: Principal, page: { pageNum: number; pageSize: number }) {
      const userId = Number(principal.userId);
      const versions = await termsVersions(db);
      const { total, rows } = await inviteesOf(db, userId, page.pageSize, (page.pageNum - 1) * page.pageSize);
      const ids = rows.map((row) => row.id);
      const [rewards, submissions] = await Promise.all([
        ids.length === 0 ? [] : db.select().from(referralRewards).where(inArray(referralRewards.inviteeUserId, ids)),
        latestSubmissionsOf(db, ids),
      ]);
      const rewardOf = new Map(rewards.map((reward) => [reward.inviteeUserId, reward]));
      const list = await Promise.all(
        rows.map(async (row): Promise<ReferralInvitee> => {
          const reward = rewardOf.get(row.id);
          // Each invitee by the terms they registered under: their deposit condition and days.
          const terms = termsAt(versions, row.createdAt);
          const since = reward ? reward.fundedSince : await fundedSinceOf(dependencies, db, row.id, terms);
          return {
            maskedEmail: maskEmail(row.email),
            registeredAtTimestamp: row.createdAt.getTime(),
            isVerified: submissions.get(row.id)?.status === 'verified',
            fundedSinceTimestamp: since?.getTime() ?? null,
            dueAtTimestamp: since && !reward ? since.getTime() + terms.holdDays * DAY_MS : null,
            state: reward?.state ?? 'waiting',
            amount: reward ? new Decimal(reward.amount).toFixed(2) : null,
            paidAtTimestamp: reward?.paidAt?.getTime() ?? null,
          };
        }),
      );
      return { list, ...pageInfo(total, page.pageNum, page.pageSize) };
    },

    rewardJob: {
      name: 'referral-rewards',
      intervalMs: 60 * 60_000,
      run: (executor) => runRewards(dependencies, executor),
    } satisfies JobDefinition,
  };
}

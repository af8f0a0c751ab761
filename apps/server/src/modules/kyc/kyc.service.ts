import { type KycState, pageInfo, reviewStatus } from '@bolsa/contracts';
import { asc, count, desc, eq, min } from 'drizzle-orm';
import { type Database, type Executor, inTransaction } from '../../platform/db/index.ts';
import { AppError, FieldValidationError, type Principal } from '../../platform/http/index.ts';
import { type Notifier, silentNotifier } from '../../platform/notifications.ts';
import { isKnownArea } from '../../platform/reference/index.ts';
import { sha256Hex } from '../../platform/security/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import { kycSubmissions } from './kyc.tables.ts';

type SubmissionRow = typeof kycSubmissions.$inferSelect;

const maskIdNumber = (idNumber: string) => `${'•'.repeat(Math.max(0, idNumber.length - 3))}${idNumber.slice(-3)}`;

function stateOf(row: SubmissionRow | undefined): KycState {
  if (!row) {
    return {
      status: 'none',
      reviewStatus: 0,
      documentType: null,
      countryCode: null,
      firstName: null,
      lastName: null,
      idNumberMasked: null,
      reason: null,
      submittedAtTimestamp: null,
      reviewedAtTimestamp: null,
    };
  }
  return {
    status: row.status,
    reviewStatus: row.status === 'pending' ? reviewStatus.pending : row.status === 'verified' ? reviewStatus.passed : reviewStatus.failed,
    documentType: row.documentType,
    countryCode: row.countryCode,
    firstName: row.firstName,
    lastName: row.lastName,
    idNumberMasked: maskIdNumber(row.idNumber),
    reason: row.reason,
    submittedAtTimestamp: row.createdAt.getTime(),
    reviewedAtTimestamp: row.reviewedAt?.getTime() ?? null,
  };
}

function operatorView(row: SubmissionRow, userEmail: string) {
  return {
    id: String(row.id),
    userId: String(row.userId),
    userEmail,
    status: row.status,
    documentType: row.documentType,
    countryCode: row.countryCode,
    firstName: row.firstName,
    lastName: row.lastName,
    idNumber: row.idNumber,
    frontImageUrl: row.frontImageUrl,
    backImageUrl: row.backImageUrl,
    reason: row.reason,
    submittedAtTimestamp: row.createdAt.getTime(),
  };
}

/** A user's latest submission, if any. */
async function latest(executor: Executor, userId: number) {
  const rows = await executor
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return rows[0];
}

type SubmissionInput = {
  documentType: 'idcard' | 'passport';
  countryCode: string;
  firstName: string;
  lastName: string;
  idNumber: string;
  frontImageUrl: string;
  backImageUrl?: string | undefined;
};

/** A new pending submission (a passport has no back image). */
async function insertSubmission(executor: Executor, userId: number, input: SubmissionInput) {
  const [row] = await executor
    .insert(kycSubmissions)
    .values({
      userId,
      documentType: input.documentType,
      countryCode: input.countryCode,
      firstName: input.firstName,
      lastName: input.lastName,
      idNumber: input.idNumber.toUpperCase(),
      frontImageUrl: input.frontImageUrl,
      backImageUrl: input.documentType === 'idcard' ? (input.backImageUrl ?? null) : null,
    })
    .returning();
  return row;
}

export type KycService = ReturnType<typeof createKycService>;

/** Identity verification: a user submits a document, an operator verifies or refuses it; money may leave only once verified. */
export function createKycService(dependencies: { db: Database; auth: AuthService; uploads: UploadsService; notify?: Notifier }) {
  const { db, auth, uploads } = dependencies;
  const notify = dependencies.notify ?? silentNotifier;

  async function decide(executor: Executor, operatorId: number, id: number, outcome: 'verified' | 'rejected', reason: string | null) {
    const rows = await executor.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).for('update');
    const row = rows[0];
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('REVIEW_NOT_PENDING');
    const [decided] = await executor
      .update(kycSubmissions)
      .set({ status: outcome, reason, reviewedByOperatorId: operatorId, reviewedAt: new Date() })
      .where(eq(kycSubmissions.id, id))
      .returning();
    if (!decided) throw new Error('submission vanished');
    if (outcome === 'verified') await notify(executor, decided.userId, 'kycVerified', {});
    else await notify(executor, decided.userId, 'kycRejected', { reason: reason ?? '' });
    // The email is not looked up inside the decision's transaction: the embedded database has one connection.
    return operatorView(decided, '');
  }

  return {
    async state(principal: Principal): Promise<KycState> {
      return stateOf(await latest(db, Number(principal.userId)));
    },

    async submit(principal: Principal, input: SubmissionInput): Promise<KycState> {
      const userId = Number(principal.userId);
      if (!isKnownArea(input.countryCode)) throw new FieldValidationError('countryCode', 'validation.chooseCountry');
      const images = [input.frontImageUrl, ...(input.documentType === 'idcard' && input.backImageUrl ? [input.backImageUrl] : [])];
      for (const url of images) {
        if (!(await uploads.readOwned(userId, url))) throw new AppError('KYC_IMAGE_NOT_FOUND');
      }
      return inTransaction(db, async (tx) => {
        const current = await latest(tx, userId);
        if (current?.status === 'pending' || current?.status === 'verified') throw new AppError('KYC_ALREADY_SUBMITTED');
        return stateOf(await insertSubmission(tx, userId, input));
      });
    },

    /** A user's verification state for the operator console (the caller checked the operator's permission). */
    async stateOfUser(userId: number): Promise<KycState> {
      return stateOf(await latest(db, userId));
    },

    async isVerified(userId: number): Promise<boolean> {
      return (await latest(db, userId))?.status === 'verified';
    },

    /**
     * The verified identity behind a user, as a key that names the document without holding its number
     * (sha256 of type, country and number): two accounts of one person share it. Null until verified.
     */
    async verifiedIdentityKey(userId: number): Promise<string | null> {
      const row = await latest(db, userId);
      if (row?.status !== 'verified') return null;
      const number = row.idNumber.replace(/[\s.-]/g, '').toUpperCase();
      return sha256Hex(`${row.documentType}:${row.countryCode}:${number}`);
    },

    /** How many verifications wait for review, and since when the oldest has waited (the console's dashboard). */
    async pendingSummary(): Promise<{ pending: number; oldestTimestamp: number | null }> {
      const rows = await db
        .select({ pending: count(), oldest: min(kycSubmissions.createdAt) })
        .from(kycSubmissions)
        .where(eq(kycSubmissions.status, 'pending'));
      const oldest = rows[0]?.oldest;
      return { pending: rows[0]?.pending ?? 0, oldestTimestamp: oldest ? new Date(oldest).getTime() : null };
    },

    async reviewQueue(filter: { status: 'pending' | 'all'; pageNum: number; pageSize: number }) {
      const where = filter.status === 'pending' ? eq(kycSubmissions.status, 'pending') : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(kycSubmissions)
          .where(where)
          .orderBy(filter.status === 'pending' ? asc(kycSubmissions.id) : desc(kycSubmissions.id))
          .limit(filter.pageSize)
          .offset((filter.pageNum - 1) * filter.pageSize),
        db.select({ total: count() }).from(kycSubmissions).where(where),
      ]);
      const emails = await auth.emailsByUserId([...new Set(rows.map((row) => row.userId))]);
      return {
        list: rows.map((row) => operatorView(row, emails.get(row.userId) ?? '')),
        ...pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize),
      };
    },

    approve: (executor: Executor, operatorId: number, id: number) => decide(executor, operatorId, id, 'verified', null),
    reject: (executor: Executor, operatorId: number, id: number, reason: string) => decide(executor, operatorId, id, 'rejected', reason),
  };
}

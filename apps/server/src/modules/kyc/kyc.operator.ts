import { operatorKycApi } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/index.ts';
import { createReview, registerReviewRoutes } from '../../platform/review/index.ts';
import type { KycService } from './kyc.service.ts';

export type KycReview = ReturnType<typeof createKycReview>;

/** Operators verify or refuse identities (`reviews.kyc`), each decision audited with the state before it. */
export function createKycReview(db: Database, kyc: KycService) {
  return createReview(db, {
    permission: 'reviews.kyc',
    targetType: 'kyc',
    actions: { approve: 'kyc.approve', reject: 'kyc.reject' },
    queue: (filter: Parameters<KycService['reviewQueue']>[0]) => kyc.reviewQueue(filter),
    approve: kyc.approve,
    reject: kyc.reject,
    before: async (executor, id) => (await executor.execute(sql`SELECT status, reason FROM kyc_submissions WHERE id = ${id}`)).rows[0],
  });
}

/** The identity review under /admin/api. */
export function registerKycOperatorRoutes(app: FastifyInstance, review: KycReview) {
  registerReviewRoutes(app, operatorKycApi, review, {
    queue: 'Identity verifications to review',
    approve: 'Verify an identity',
    reject: 'Refuse an identity verification with a reason',
  });
}

import { bigint, bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, textEnum } from '../../platform/db/columns.ts';

/** Every identity verification a user submits; the newest is their current state. Reviewed once, never edited after. */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    documentType: textEnum('document_type', ['idcard', 'passport']).notNull(),
    countryCode: text('country_code').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    idNumber: text('id_number').notNull(),
    frontImageUrl: text('front_image_url').notNull(),
    backImageUrl: text('back_image_url'),
    status: textEnum('status', ['pending', 'verified', 'rejected']).notNull().default('pending'),
    reason: text('reason'),
    reviewedByOperatorId: bigint('reviewed_by_operator_id', { mode: 'number' }),
    reviewedAt: at('reviewed_at'),
    createdAt: createdAt(),
  },
  (table) => [index('kyc_submissions_user_idx').on(table.userId, table.id.desc()), index('kyc_submissions_status_idx').on(table.status)],
);

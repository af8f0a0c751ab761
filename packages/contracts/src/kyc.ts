import { z } from 'zod';
import { NAME_LENGTH_MAX } from './constants.ts';
import { reviewApi } from './review.ts';
import { textSchema, typeError } from './validation.ts';

/** Identity verification (spec §4 KYC): waiting for review, verified, or unsuccessful with a reason and a retry. */
export const kycStatuses = ['none', 'pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof kycStatuses)[number];
export const kycDocumentTypes = ['idcard', 'passport'] as const;

const imageUrl = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: 'validation.uploadImage' })
  .max(300, { error: 'validation.tooLong' });

export const updateRealBody = z
  .object({
    documentType: z.enum(kycDocumentTypes, { error: 'validation.invalidValue' }),
    /** The country that issued the document (ISO 3166 alpha-2, from /areaInfo/list). */
    countryCode: z
      .string({ error: typeError })
      .trim()
      .regex(/^[A-Z]{2}$/, { error: 'validation.chooseCountry' }),
    firstName: textSchema(NAME_LENGTH_MAX),
    lastName: textSchema(NAME_LENGTH_MAX),
    idNumber: z
      .string({ error: typeError })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(30, { error: 'validation.tooLong' })
      .regex(/^[A-Za-z0-9-]+$/, { error: 'validation.documentNumber' }),
    frontImageUrl: imageUrl,
    /** The back of an ID card; a passport has only its photo page. Empty counts as absent. */
    backImageUrl: z
      .string({ error: typeError })
      .trim()
      .max(300, { error: 'validation.tooLong' })
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  })
  .refine((value) => value.documentType === 'passport' || value.backImageUrl !== undefined, {
    error: 'validation.uploadImage',
    path: ['backImageUrl'],
  });

export const kycStateSchema = z.object({
  status: z.enum(kycStatuses),
  /** Spec's review status: 1 pending, 2 failed, 3 passed; 0 when nothing was submitted. */
  reviewStatus: z.number().int(),
  documentType: z.enum(kycDocumentTypes).nullable(),
  countryCode: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Only the last characters leave the server. */
  idNumberMasked: z.string().nullable(),
  reason: z.string().nullable(),
  submittedAtTimestamp: z.number().int().nullable(),
  reviewedAtTimestamp: z.number().int().nullable(),
});
export type KycState = z.infer<typeof kycStateSchema>;

export const operatorKycSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  status: z.enum(kycStatuses),
  documentType: z.enum(kycDocumentTypes),
  countryCode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  idNumber: z.string(),
  frontImageUrl: z.string(),
  backImageUrl: z.string().nullable(),
  reason: z.string().nullable(),
  submittedAtTimestamp: z.number().int(),
});

export const kycApi = {
  submit: { method: 'POST', path: '/updateReal', body: updateRealBody, data: kycStateSchema },
  state: { method: 'POST', path: '/kyc/state', body: undefined, data: kycStateSchema },
} as const;

export const operatorKycApi = reviewApi({ path: '/kyc', permission: 'reviews.kyc', item: operatorKycSchema, decided: operatorKycSchema });

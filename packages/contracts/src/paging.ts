import { z } from 'zod';
import { typeError } from './validation.ts';

/** A page of a list: its rows, the total across pages, and which page this is. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    /** Whether a later page has rows: what infinite scrolling asks. */
    hasMore: z.boolean(),
  });
}

export type Page<T> = { list: T[]; total: number; pageNum: number; pageSize: number; hasMore: boolean };

/** The page envelope of a slice of `total` rows. */
export function pageInfo(total: number, pageNum: number, pageSize: number) {
  return { total, pageNum, pageSize, hasMore: pageNum * pageSize < total };
}

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Paging in a JSON body: whole numbers, never coerced (a boolean must not become page 1). */
export const pageBodyFields = {
  pageNum: z
    .number({ error: typeError })
    .int({ error: 'validation.invalidValue' })
    .min(1, { error: 'validation.invalidValue' })
    .max(100_000)
    .default(1),
  pageSize: z
    .number({ error: typeError })
    .int({ error: 'validation.invalidValue' })
    .min(1, { error: 'validation.invalidValue' })
    .max(PAGE_SIZE_MAX, { error: 'validation.tooLong' })
    .default(PAGE_SIZE_DEFAULT),
};

/** Paging in a query string, where everything arrives as text. */
export const pageQueryFields = {
  pageNum: z.coerce.number({ error: 'validation.invalidType' }).int({ error: 'validation.invalidValue' }).min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: 'validation.invalidType' })
    .int({ error: 'validation.invalidValue' })
    .min(1)
    .max(PAGE_SIZE_MAX, { error: 'validation.tooLong' })
    .default(PAGE_SIZE_DEFAULT),
};
export const pageQuery = z.object(pageQueryFields);

/** A record id as the app sends it back: the decimal string the server gave, or a number. */
export const recordIdSchema = z
  .union([z.number().int(), z.string().regex(/^\d{1,15}$/)], { error: 'validation.invalidValue' })
  .transform(Number)
  .refine((value) => value > 0 && value <= Number.MAX_SAFE_INTEGER, { error: 'validation.invalidValue' });

/** A record id in a URL path. */
export const pathIdSchema = z
  .string({ error: 'validation.invalidValue' })
  .regex(/^\d{1,16}$/, { error: 'validation.invalidValue' })
  .transform(Number)
  .pipe(z.number().int().positive({ error: 'validation.invalidValue' }).max(Number.MAX_SAFE_INTEGER, { error: 'validation.invalidValue' }));

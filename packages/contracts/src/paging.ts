import { z } from 'zod';

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

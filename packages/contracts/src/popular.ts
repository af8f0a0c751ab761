import { z } from 'zod';
import { quoteRowSchema } from './market.ts';

/**
 * The popular product page (issue 17 §3): today's most traded and the most watched instruments on this
 * platform, counted from its own filled orders and watchlists, never invented. Both lists are empty
 * until someone trades or watches.
 */
export const popularRowSchema = quoteRowSchema.extend({
  /** Filled orders since 00:00 UTC (most traded), or users watching it (most watched). */
  count: z.number().int(),
});
export type PopularRow = z.infer<typeof popularRowSchema>;
export const popularData = z.object({ traded: z.array(popularRowSchema), watched: z.array(popularRowSchema) });
export type Popular = z.infer<typeof popularData>;

export const popularApi = {
  popular: { method: 'GET', path: '/m_ft/popular', body: undefined, data: popularData },
} as const;

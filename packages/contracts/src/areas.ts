import { z } from 'zod';

/** A country or territory for pickers (spec §7 /areaInfo/list): its name in the user's language and its dial code. */
export const areaSchema = z.object({
  code: z.string(),
  alpha3: z.string(),
  name: z.string(),
  /** International dial code with its plus sign, e.g. "+54"; empty where there is none. */
  dialCode: z.string(),
  currency: z.string(),
});
export type Area = z.infer<typeof areaSchema>;

export const areaApi = {
  list: { method: 'GET', path: '/areaInfo/list', body: undefined, data: z.array(areaSchema) },
} as const;

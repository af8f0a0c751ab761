import { z } from 'zod';

/** Every response of the API: `{code, msg, data}`. code 200 carries data; any other code a translated msg. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export type Envelope<T> = { code: number; msg: string; data: T };

export const emptyData = z.null();

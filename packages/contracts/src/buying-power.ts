import { z } from 'zod';
import { tradableSources } from './trading-markets.ts';
import { currencies, walletTypeSchema } from './wallet.ts';

/** Buying power per market (issue 15 §3). What a market's ticket can spend now: the available cash of the wallet that pays its orders. */
export const buyingPowerSchema = z.object({
  source: z.enum(tradableSources),
  walletType: walletTypeSchema,
  currency: z.enum(currencies),
  /** Cash available in that wallet (held money excluded): what a 1× order can spend, fee included. */
  buyingPower: z.string(),
  /** The largest leverage the market allows, for the figure a leveraged order could reach. */
  leverageMax: z.number().int(),
});
export type BuyingPower = z.infer<typeof buyingPowerSchema>;

export const buyingPowerApi = {
  buyingPower: { method: 'POST', path: '/wallet/buyingPower', body: undefined, data: z.array(buyingPowerSchema) },
} as const;

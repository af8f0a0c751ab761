import { z } from 'zod';

/**
 * Total assets as a user reads them (issue 15 §1): the cash of every wallet plus the value of every open
 * position (its margin plus its floating P&L: for a cash stock position, its market value), per wallet and
 * in total in USD at the live rates. Money is a decimal string, never a float.
 */
const money = z.string();

/** What a wallet holds in cash and in positions, in its own currency and in USD. */
export const walletAssetsSchema = z.object({
  /** One of the wallet types of spec §4 (STOCK, AR, TW, FUTURE, FOREX, BALANCE, ...). */
  walletType: z.string(),
  currency: z.string(),
  cash: money,
  /** Margin plus floating P&L of the wallet's open positions. */
  positionsValue: money,
  floatingPnl: money,
  total: money,
  totalUsd: money,
});
export type WalletAssets = z.infer<typeof walletAssetsSchema>;

/** Asset classes of the split chart: cash, and positions by kind of market. */
export const assetClasses = ['cash', 'stocks', 'futures', 'forex'] as const;
export type AssetClass = (typeof assetClasses)[number];

export const accountAssetsSchema = z.object({
  cashUsd: money,
  positionsUsd: money,
  floatingPnlUsd: money,
  /** Cash plus positions, in USD at the live rates. */
  totalAssetsUsd: money,
  /** Realised P&L today plus the change of floating P&L since the previous close, in USD. */
  todayPnlUsd: money,
  /** Only wallets holding something. */
  byWallet: z.array(walletAssetsSchema),
  byAssetClass: z.array(z.object({ assetClass: z.enum(assetClasses), valueUsd: money })),
});
export type AccountAssets = z.infer<typeof accountAssetsSchema>;

import type { WalletType } from '@bolsa/contracts';

/** The i18n key of a wallet's label (spec §3/§4); the Account tab, statement, transfer and deposit pages share it. */
export function walletLabelKey(walletType: WalletType | string): string {
  return `wallet.types.${walletType}`;
}

import { createHash } from 'node:crypto';

/**
 * Confirmations of an incoming crypto transfer. A vendor implementation asks a node or an indexer;
 * the default simulates a chain that makes one block every `blockIntervalMs`.
 */
export interface ChainWatcher {
  confirmations(input: { network: string; txHash: string; submittedAt: Date }, now: Date): Promise<number>;
}

export function createSimulatedChainWatcher(options: { blockIntervalMs: number }): ChainWatcher {
  return {
    async confirmations({ submittedAt }, now) {
      return Math.max(0, Math.floor((now.getTime() - submittedAt.getTime()) / options.blockIntervalMs));
    },
  };
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The user's deposit address on a network: stable per user, shaped like a real one (TRON base58, Ethereum hex). */
export function simulatedDepositAddress(userId: number, network: string): string {
  const digest = createHash('sha256').update(`bolsa-deposit:${network}:${userId}`).digest();
  if (network === 'ERC20') return `0x${digest.toString('hex').slice(0, 40)}`;
  let address = 'T';
  for (let index = 0; address.length < 34; index += 1) address += BASE58[(digest[index % digest.length] ?? 0) % BASE58.length];
  return address;
}

export const depositNetworks = [
  { network: 'TRC20', currency: 'USDT' },
  { network: 'ERC20', currency: 'USDT' },
] as const;

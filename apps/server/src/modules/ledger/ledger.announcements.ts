import type { WalletType } from '@bolsa/contracts';
import type { EventBus } from '../../platform/bus/index.ts';
import { afterCommit, type Executor } from '../../platform/db/index.ts';
import { userEventsTopic } from '../../platform/notifications.ts';

/** A user's wallet a movement touched. */
export type TouchedWallet = { userId: number; walletType: WalletType };

type Logger = { error(object: object, message: string): void };

/**
 * Tells each user whose money moved, once the movement has committed, which of their wallets changed
 * (`balance` event, no amounts), so their open screens refetch balances, overview and statement. All the
 * movements of one transaction make one event per user; a rolled-back one announces nothing. A lost
 * event (Redis down) loses nothing: the app refetches when its socket signs in again and on focus.
 */
export function createBalanceAnnouncer(bus: EventBus | undefined, logger: Logger) {
  const pending = new WeakMap<object, Map<number, Set<WalletType>>>();

  function publish(touched: Map<number, Set<WalletType>>) {
    if (!bus) return;
    for (const [userId, walletTypes] of touched) {
      const event = { type: 'balance', data: { walletTypes: [...walletTypes] } };
      bus.publish(userEventsTopic(userId), event).catch((error: unknown) => {
        logger.error({ err: error, userId }, 'ledger: a balance change could not be announced to its owner');
      });
    }
  }

  return function announce(executor: Executor, wallets: readonly TouchedWallet[]) {
    if (!bus || wallets.length === 0) return;
    let touched = pending.get(executor);
    if (!touched) {
      const batch = new Map<number, Set<WalletType>>();
      touched = batch;
      pending.set(executor, batch);
      afterCommit(executor, () => {
        if (pending.get(executor) === batch) pending.delete(executor);
        publish(batch);
      });
    }
    for (const { userId, walletType } of wallets) {
      const types = touched.get(userId) ?? new Set<WalletType>();
      types.add(walletType);
      touched.set(userId, types);
    }
  };
}

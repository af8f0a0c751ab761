import type { QuoteSource, TradingService } from './trading.service.ts';

/**
 * Runs tasks one after another per user (a user's orders and positions share a wallet, so they keep the
 * order the ticks gave them) and side by side across users: one slow fill no longer holds every other
 * user's behind it. Different users' transactions touch different wallets and the sharded house and fee
 * accounts, whose locks every movement takes in one order.
 */
export function createUserChains() {
  const chains = new Map<number, Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  return {
    /** Runs `task` after everything queued for these users, and before whatever is queued for them next. */
    schedule(userIds: readonly number[], task: () => Promise<void>) {
      const users = [...new Set(userIds)];
      const before = users.flatMap((userId) => chains.get(userId) ?? []);
      const next = (before.length === 1 ? (before[0] as Promise<void>) : Promise.all(before)).then(task).catch(() => undefined);
      for (const userId of users) chains.set(userId, next);
      inFlight.add(next);
      void next.finally(() => {
        inFlight.delete(next);
        for (const userId of users) if (chains.get(userId) === next) chains.delete(userId);
      });
    },
    /** Resolves when every task started so far has finished. */
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
export type UserChains = ReturnType<typeof createUserChains>;

/** What the engine's parts (its order index and its position watch) are given. */
export type EnginePartDependencies = {
  service: TradingService;
  quotes: QuoteSource;
  logger: { error(object: object, message: string): void };
  chains: UserChains;
  /** Quotes of this instrument are wanted (an order rests or a position is watched in it). */
  subscribe: (code: string) => void;
  /** An order or position of this instrument left the part: its quotes may no longer be wanted. */
  released: (code: string) => void;
};

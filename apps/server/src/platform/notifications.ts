import type { MessageTemplate } from '@bolsa/contracts';
import type { Executor } from './db/index.ts';

/**
 * Tells a user that something happened, inside the transaction that made it happen. Lower modules
 * (funding, kyc) receive it from the composition root; the messages module implements it.
 */
export type Notifier = (executor: Executor, userId: number, template: MessageTemplate, values: Record<string, string>) => Promise<void>;

/** A message for one user, as a `Notifier` takes it. */
export type Notice = { userId: number; template: MessageTemplate; values: Record<string, string> };

/** Several notices written in one statement, inside the caller's transaction (the fills of one quote). */
export type BulkNotifier = (executor: Executor, notices: readonly Notice[]) => Promise<void>;

export const silentNotifier: Notifier = async () => undefined;

/**
 * Bus topics of events for users: one per user, and one for what is written to everyone. The push
 * socket subscribes a signed-in connection to its own user's topic and the everyone topic only, so
 * a user never receives another user's events.
 */
export const userEventsTopic = (userId: number | string) => `user:${userId}`;
export const everyoneEventsTopic = 'user:everyone';

import type { MessageTemplate } from '@bolsa/contracts';
import type { Executor } from './db/index.ts';

/**
 * Tells a user that something happened, inside the transaction that made it happen. Lower modules
 * (funding, kyc) receive it from the composition root; the messages module implements it.
 */
export type Notifier = (executor: Executor, userId: number, template: MessageTemplate, values: Record<string, string>) => Promise<void>;

export const silentNotifier: Notifier = async () => undefined;

import type { supportConversationSchema } from '@bolsa/contracts';
import { supportRoutes } from '@bolsa/contracts/routes';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { deviceToken, storedDeviceToken } from './device-token.ts';

export type Conversation = output<typeof supportConversationSchema>;

/** `POST /userCenter/apply/service`: the caller's conversation (the user's own, or this device's) with its latest messages. */
export function openConversation(): Promise<Conversation> {
  return callApi(supportRoutes.open, { body: { deviceToken: deviceToken() } }) as Promise<Conversation>;
}

/** The chat button's badge: agent messages not read yet (nothing to ask for a device that never wrote). */
export async function fetchUnread(isSignedIn: boolean): Promise<number> {
  const stored = storedDeviceToken();
  if (!isSignedIn && !stored) return 0;
  const answer = (await callApi(supportRoutes.unread, { body: { deviceToken: stored ?? undefined } })) as { unread: number };
  return answer.unread;
}

export function rateConversation(rating: number): Promise<Conversation> {
  return callApi(supportRoutes.rate, { body: { deviceToken: deviceToken(), rating } }) as Promise<Conversation>;
}

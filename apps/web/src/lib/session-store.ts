import { createSessionStore } from '@bolsa/client-kit/session-store';
import { type Session, storageKeys, type UserRecord } from '@bolsa/contracts';

/**
 * The session lives in local storage under the spec's keys (`usa12_token`, `usa12_user`), so it
 * survives reloads and other tabs see it. This module is the only reader and writer of those keys.
 */

/** A damaged user entry counts as absent rather than breaking the app. */
function parseUser(value: unknown): UserRecord | null {
  if (value && typeof value === 'object' && 'email' in value && 'id' in value) return value as UserRecord;
  return null;
}

const store = createSessionStore<UserRecord>({ keys: { token: storageKeys.token, record: storageKeys.user }, parseRecord: parseUser });

export const getToken = store.getToken;
/** The stored user record. */
export const getStoredUser = store.getRecord;
export const saveUser = store.saveRecord;
export const clearSession = store.clear;
/** The current token, re-rendering when the user logs in or out (here or in another tab). */
export const useToken = store.useToken;
/** The stored user record, re-rendering when it changes. */
export const useStoredUser = store.useRecord;

export function saveSession(session: Session): void {
  store.save(session.token, session.user);
}

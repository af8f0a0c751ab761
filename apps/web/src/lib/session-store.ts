import { type Session, storageKeys, type UserRecord } from '@bolsa/contracts';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * The session lives in local storage under the spec's keys (`usa12_token`, `usa12_user`), so it
 * survives reloads and other tabs see it. This module is the only reader and writer of those keys.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  const token = read(storageKeys.token);
  return token && token.length > 0 ? token : null;
}

/** The stored user record; a damaged entry counts as absent rather than breaking the app. */
export function getStoredUser(): UserRecord | null {
  return parseUser(read(storageKeys.user));
}

function parseUser(raw: string | null): UserRecord | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'email' in value && 'id' in value) return value as UserRecord;
    return null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session): void {
  window.localStorage.setItem(storageKeys.token, session.token);
  window.localStorage.setItem(storageKeys.user, JSON.stringify(session.user));
  notify();
}

export function saveUser(user: UserRecord): void {
  window.localStorage.setItem(storageKeys.user, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  try {
    window.localStorage.removeItem(storageKeys.token);
    window.localStorage.removeItem(storageKeys.user);
  } finally {
    notify();
  }
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.token || event.key === storageKeys.user) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current token, re-rendering when the user logs in or out (here or in another tab). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

/** The stored user record, re-rendering when it changes; parsed once per distinct stored string. */
export function useStoredUser(): UserRecord | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => read(storageKeys.user),
    () => null,
  );
  return useMemo(() => parseUser(raw), [raw]);
}

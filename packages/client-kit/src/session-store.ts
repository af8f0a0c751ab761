import { useSyncExternalStore } from 'react';

/**
 * A session kept in local storage under two keys, a token and a JSON record (the user, the
 * operator), so it survives reloads and other tabs see it. Each app makes one store and is the only
 * reader and writer of its keys; the hooks re-render when the session changes here or in another tab.
 */
export type SessionStoreConfig<SessionRecord> = {
  keys: { token: string; record: string };
  /** The stored record, or null when it is damaged or unknown (it then counts as absent). */
  parseRecord: (value: unknown) => SessionRecord | null;
  /** Whether the record counts only while a token is stored (a record alone is then ignored). */
  isRecordTiedToToken?: boolean;
};

export function createSessionStore<SessionRecord>(config: SessionStoreConfig<SessionRecord>) {
  const { keys } = config;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  function read(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  function getToken(): string | null {
    const token = read(keys.token);
    return token && token.length > 0 ? token : null;
  }

  function parse(raw: string | null): SessionRecord | null {
    if (!raw) return null;
    try {
      return config.parseRecord(JSON.parse(raw));
    } catch {
      return null;
    }
  }

  let cachedRaw: string | null = null;
  let cachedRecord: SessionRecord | null = null;
  /** The stored record, parsed once per distinct stored string (a stable snapshot for React). */
  function getRecord(): SessionRecord | null {
    const raw = config.isRecordTiedToToken && !getToken() ? null : read(keys.record);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedRecord = parse(raw);
    }
    return cachedRecord;
  }

  function save(token: string, record: SessionRecord): void {
    window.localStorage.setItem(keys.token, token);
    window.localStorage.setItem(keys.record, JSON.stringify(record));
    notify();
  }

  function saveRecord(record: SessionRecord): void {
    window.localStorage.setItem(keys.record, JSON.stringify(record));
    notify();
  }

  function clear(): void {
    try {
      window.localStorage.removeItem(keys.token);
      window.localStorage.removeItem(keys.record);
    } finally {
      notify();
    }
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // Another tab signing in or out changes what this one may show.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === keys.token || event.key === keys.record) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  /** The current token, re-rendering when the session starts or ends. */
  function useToken(): string | null {
    return useSyncExternalStore(subscribe, getToken, () => null);
  }

  /** The stored record, re-rendering when it changes. */
  function useRecord(): SessionRecord | null {
    return useSyncExternalStore(subscribe, getRecord, () => null);
  }

  return { getToken, getRecord, save, saveRecord, clear, subscribe, useToken, useRecord };
}

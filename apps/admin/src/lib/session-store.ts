import { type OperatorPermission, type OperatorRole, operatorRoles, rolePermissions } from '@bolsa/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The operator's session in local storage, apart from the customer app's keys (`usa12_*`): a person
 * may be signed in to the app as a user and to the console as an operator in the same browser.
 * This module is the only reader and writer of these keys.
 */
export const operatorStorageKeys = { token: 'bolsa_operator_token', operator: 'bolsa_operator' } as const;

export type StoredOperator = { id: string; email: string; role: OperatorRole };

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

export function getOperatorToken(): string | null {
  const token = read(operatorStorageKeys.token);
  return token && token.length > 0 ? token : null;
}

function parseOperator(raw: string | null): StoredOperator | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredOperator> | null;
    if (!value || typeof value.email !== 'string' || typeof value.id !== 'string') return null;
    // A role this build does not know grants nothing, rather than breaking the console.
    if (!operatorRoles.includes(value.role as OperatorRole)) return null;
    return value as StoredOperator;
  } catch {
    return null;
  }
}

export function saveOperatorSession(token: string, operator: StoredOperator): void {
  window.localStorage.setItem(operatorStorageKeys.token, token);
  window.localStorage.setItem(operatorStorageKeys.operator, JSON.stringify(operator));
  notify();
}

export function clearOperatorSession(): void {
  try {
    window.localStorage.removeItem(operatorStorageKeys.token);
    window.localStorage.removeItem(operatorStorageKeys.operator);
  } finally {
    notify();
  }
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes what this one may show.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(operatorStorageKeys).includes(event.key as never)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

let cachedRaw: string | null = null;
let cachedOperator: StoredOperator | null = null;

function snapshot(): StoredOperator | null {
  const raw = getOperatorToken() ? read(operatorStorageKeys.operator) : null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedOperator = parseOperator(raw);
  }
  return cachedOperator;
}

/** The signed-in operator (null when signed out); re-renders when the session changes in any tab. */
export function useOperator(): StoredOperator | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/** What a role may do, from the one permission list in packages/contracts that the server enforces too. */
export function permissionsOf(operator: StoredOperator | null): readonly OperatorPermission[] {
  return operator ? (rolePermissions[operator.role] ?? []) : [];
}

/** Whether the signed-in operator's role grants a permission; the console hides what it does not. */
export function useCan(permission: OperatorPermission): boolean {
  return permissionsOf(useOperator()).includes(permission);
}

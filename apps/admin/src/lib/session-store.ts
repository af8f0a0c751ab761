import { createSessionStore } from '@bolsa/client-kit/session-store';
import { type OperatorPermission, type OperatorRole, operatorRoles, rolePermissions } from '@bolsa/contracts';

/**
 * The operator's session in local storage, apart from the customer app's keys (`usa12_*`): a person
 * may be signed in to the app as a user and to the console as an operator in the same browser.
 * This module is the only reader and writer of these keys.
 */
export const operatorStorageKeys = { token: 'bolsa_operator_token', operator: 'bolsa_operator' } as const;

export type StoredOperator = { id: string; email: string; role: OperatorRole };

function parseOperator(raw: unknown): StoredOperator | null {
  const value = raw as Partial<StoredOperator> | null;
  if (!value || typeof value.email !== 'string' || typeof value.id !== 'string') return null;
  // A role this build does not know grants nothing, rather than breaking the console.
  if (!operatorRoles.includes(value.role as OperatorRole)) return null;
  return value as StoredOperator;
}

const store = createSessionStore<StoredOperator>({
  keys: { token: operatorStorageKeys.token, record: operatorStorageKeys.operator },
  parseRecord: parseOperator,
  isRecordTiedToToken: true,
});

export const getOperatorToken = store.getToken;
export const saveOperatorSession = store.save;
export const clearOperatorSession = store.clear;
/** The signed-in operator (null when signed out); re-renders when the session changes in any tab. */
export const useOperator = store.useRecord;

/** What a role may do, from the one permission list in packages/contracts that the server enforces too. */
export function permissionsOf(operator: StoredOperator | null): readonly OperatorPermission[] {
  return operator ? (rolePermissions[operator.role] ?? []) : [];
}

/** Whether the signed-in operator's role grants a permission; the console hides what it does not. */
export function useCan(permission: OperatorPermission): boolean {
  return permissionsOf(useOperator()).includes(permission);
}

import type { ResultName } from '@bolsa/contracts';

/**
 * The closed list of SQLSTATEs our SQL raises (sql/functions, sql/triggers, the migrations) and of those
 * of PostgreSQL's own that the server acts on. The server names them only through this list; a test
 * checks that the SQL raises no other and that no source file spells one out (ADR 0016).
 */
export const sqlStates = {
  // Raised by our functions and triggers.
  /** The ledger: a movement or hold would leave a wallet's available money below zero. */
  insufficientFunds: 'BL001',
  /** The ledger: an idempotency key already used for another movement or hold. */
  idempotencyKeyReused: 'BL002',
  /** The ledger: a journal unbalanced, of fractional cents or of fewer than two legs, or a leg naming an account of another currency (a bug). */
  malformedJournal: 'BL003',
  /** The ledger: a hold resolved before the other way (a bug). */
  holdAlreadyResolved: 'BL004',
  /** The ledger: no such hold (a bug). */
  unknownHold: 'BL005',
  /** The ledger's rows, and its accounts' existence, are immutable: correct with a new journal. */
  ledgerImmutable: 'BL006',
  /** `ledger_post_set`: some movement of the set would not be answered as `ledger_post` answers it alone; post them one by one. */
  postOneByOne: 'BL007',
  /** The trigger of trading freezes: an opening order of a user whose trading an operator froze. */
  tradingFrozen: 'TF001',
  /** `trading_place_filled_orders`: an order of the group was placed before; place them one by one. */
  orderPlacedBefore: 'TR007',
  /** The audit log is append-only. */
  auditLogAppendOnly: 'AU001',
  /** PL/pgSQL's RAISE without an ERRCODE: a state that cannot happen (a bug), never a refusal. */
  raisedUnexpected: 'P0001',

  // PostgreSQL's own.
  /** A CHECK constraint; on ledger_accounts, a user's available money below zero (caught in SQL as BL001 is). */
  checkViolation: '23514',
  /** A unique index; its constraint's name says which (`uniqueViolationConstraint`). */
  uniqueViolation: '23505',
  /** Aborted only because of what ran beside it: the same work may run again (`retryingConflicts`). */
  deadlockDetected: '40P01',
  serializationFailure: '40001',
} as const;

export type SqlState = (typeof sqlStates)[keyof typeof sqlStates];

/** What a refusal of our SQL means to the user, the one place SQLSTATEs become result codes. */
const resultOfSqlState = {
  [sqlStates.insufficientFunds]: 'INSUFFICIENT_FUNDS',
  [sqlStates.checkViolation]: 'INSUFFICIENT_FUNDS',
  [sqlStates.idempotencyKeyReused]: 'IDEMPOTENCY_KEY_REUSED',
  [sqlStates.tradingFrozen]: 'TRADING_FROZEN',
} as const satisfies Partial<Record<SqlState, ResultName>>;

export type RefusalState = keyof typeof resultOfSqlState;

/** The refusals of the ledger's functions: a wallet short of money (BL001, or its CHECK) and a reused idempotency key. */
export const ledgerRefusals: readonly RefusalState[] = [
  sqlStates.insufficientFunds,
  sqlStates.checkViolation,
  sqlStates.idempotencyKeyReused,
];

/**
 * The result a database error means when its SQLSTATE is one of `expected` (the refusals the statement
 * can raise); undefined for anything else, which is a bug and stays an error.
 */
export function refusalOf(error: unknown, expected: readonly RefusalState[]): ResultName | undefined {
  const code = databaseErrorCode(error);
  const state = expected.find((candidate) => candidate === code);
  return state === undefined ? undefined : resultOfSqlState[state];
}

/** The SQLSTATE of a database error, looking through the wrapper Drizzle puts around driver errors. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let candidate: unknown = error, depth = 0; candidate && depth < 4; depth += 1) {
    const code = (candidate as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    candidate = (candidate as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint named by a unique violation (23505), if that is what the error is. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  for (let candidate: unknown = error, depth = 0; candidate && depth < 4; depth += 1) {
    const pgError = candidate as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (pgError.code === sqlStates.uniqueViolation) return typeof pgError.constraint === 'string' ? pgError.constraint : '';
    candidate = pgError.cause;
  }
  return undefined;
}

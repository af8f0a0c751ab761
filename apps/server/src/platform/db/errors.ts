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
    if (pgError.code === '23505') return typeof pgError.constraint === 'string' ? pgError.constraint : '';
    candidate = pgError.cause;
  }
  return undefined;
}

import { hasNoNullByte } from '@bolsa/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { FieldValidationError } from './app-error.ts';

/** The first field (top-level name) of a body, query or path whose text holds a null byte, if any. */
export function fieldWithNullByte(data: unknown, field = 'body', depth = 0): string | undefined {
  if (typeof data === 'string') return hasNoNullByte(data) ? undefined : field;
  if (depth > 8 || data === null || typeof data !== 'object') return undefined;
  for (const [name, value] of Object.entries(data)) {
    if (!hasNoNullByte(name)) return depth === 0 ? name : field;
    const found = fieldWithNullByte(value, depth === 0 ? name : field, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The zod validator of every route, behind one rule no schema has to remember: a null byte anywhere in
 * the body, the query or the path is refused like any invalid field (PostgreSQL text cannot hold one,
 * so it would otherwise surface as a 500 from the database).
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (routeSchema) => {
  const validate = zodValidatorCompiler(routeSchema as Parameters<typeof zodValidatorCompiler>[0]);
  return (data: unknown) => {
    const field = fieldWithNullByte(data);
    if (field !== undefined) return { error: new FieldValidationError(field, 'validation.controlCharacter') };
    return validate(data);
  };
};

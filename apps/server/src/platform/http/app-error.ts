import type { ResultName } from '@bolsa/contracts';

/**
 * A refusal the client should see: a result code of the closed list plus the parameters of its
 * translated message. Services throw it; the error handler turns it into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly result: ResultName,
    readonly parameters: Record<string, string | number> = {},
  ) {
    super(result);
    this.name = 'AppError';
  }
}

/** A field refused by a rule only the service can check (e.g. a code not in the reference data); answered like schema validation. */
export class FieldValidationError extends AppError {
  constructor(
    readonly field: string,
    readonly reasonKey: string,
  ) {
    super('VALIDATION_FAILED');
    this.name = 'FieldValidationError';
  }
}

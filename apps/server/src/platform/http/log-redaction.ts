import type { FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/**
 * What no log line may carry: account numbers, tokens, passwords and codes (ASVS 7.1.1). Two layers:
 * pino's redaction of named fields wherever a logged object holds them (one or two levels down), and an
 * error serializer that drops a failed query's parameters and masks every long run of digits in the
 * messages of an error and of its causes (a database error quotes the card number it refused).
 */
const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'confirmPassword',
  'payPassword',
  'oldPayPassword',
  'confirmPayPassword',
  'token',
  'totpCode',
  'secret',
  'cardNumber',
  'accountNumber',
  'idNumber',
  'authorization',
];
const DROPPED_ERROR_FIELDS = new Set(['params', 'parameters', 'where']);
const CENSOR = '[redacted]';

function scrub(text: string): string {
  return text
    .replace(/\nparams: [^\n]*/g, `\nparams: ${CENSOR}`)
    .replace(/(?<![\w-])\d{9,}(?![\w-])/g, (digits) => `***${digits.slice(-4)}`);
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)), stack: '' };
  const serialized: SerializedError = { type: error.name, message: scrub(error.message), stack: scrub(error.stack ?? '') };
  for (const [name, value] of Object.entries(error)) {
    if (DROPPED_ERROR_FIELDS.has(name) || name === 'cause') continue;
    if (typeof value === 'string') serialized[name] = scrub(value);
    else if (typeof value === 'number' || typeof value === 'boolean') serialized[name] = value;
  }
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** Options to spread into Fastify's `logger` (the request loggers are its children and inherit them). */
export const loggerRedaction: Pick<LoggerOptions, 'redact' | 'serializers' | 'hooks'> = {
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'body.code',
      '*.body.code',
      ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
    ],
    censor: CENSOR,
  },
  serializers: { err: (error: unknown) => serializeError(error) },
  // The message text too: Fastify logs an error's message as the line's message.
  hooks: {
    logMethod(args, method) {
      const scrubbed = args.map((argument: unknown) => (typeof argument === 'string' ? scrub(argument) : argument));
      method.apply(this, scrubbed as Parameters<typeof method>);
    },
  },
};

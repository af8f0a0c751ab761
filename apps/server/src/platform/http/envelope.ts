import { type Locale, type ResultName, resolveRequestLocale, resultCodes } from '@bolsa/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { databaseErrorCode } from '../db/index.ts';
import { hasMessage, translate } from '../i18n/index.ts';
import { AppError, FieldValidationError } from './app-error.ts';

export type ErrorBody = { code: number; msg: string; data: null };

export function successBody<T>(data: T, locale: Locale) {
  return { code: resultCodes.SUCCESS.code, msg: translate(locale, 'errors.SUCCESS'), data };
}

export function errorBody(result: ResultName, locale: Locale, parameters: Record<string, string | number> = {}): ErrorBody {
  return { code: resultCodes[result].code, msg: translate(locale, `errors.${result}`, parameters), data: null };
}

export function sendError(reply: FastifyReply, result: ResultName, parameters: Record<string, string | number> = {}) {
  return reply.code(resultCodes[result].httpStatus).send(errorBody(result, reply.request.locale, parameters));
}

/** The validation-message key for one zod issue: our own key when the schema gave one, else one by issue kind. */
function reasonKey(issue: ZodFastifySchemaValidationError): string {
  const message = issue.message ?? '';
  if (message.startsWith('validation.') && hasMessage(message)) return message;
  switch (issue.keyword) {
    case 'invalid_type':
      return 'validation.invalidType';
    case 'too_big':
      return 'validation.tooLong';
    case 'too_small':
      return 'validation.tooShort';
    default:
      return 'validation.invalidValue';
  }
}

function fieldMessage(request: FastifyRequest, fieldName: string, reasonMessageKey: string): string {
  const field = hasMessage(`fields.${fieldName}`) ? translate(request.locale, `fields.${fieldName}`) : fieldName;
  return translate(request.locale, 'errors.VALIDATION_FAILED', { field, reason: translate(request.locale, reasonMessageKey) });
}

function validationMessage(request: FastifyRequest, issues: ZodFastifySchemaValidationError[]): string {
  const first = issues[0];
  const fieldName = first?.instancePath.split('/').filter(Boolean)[0] ?? 'body';
  return fieldMessage(request, fieldName, first ? reasonKey(first) : 'validation.invalidValue');
}

/** Maps framework errors (bad JSON, too large, rate limit) onto the closed list. */
function resultOfFrameworkError(error: FastifyError): ResultName | undefined {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'PAYLOAD_TOO_LARGE';
  if (error.code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError) return 'MALFORMED_REQUEST';
  if (error.statusCode === 429) return 'RATE_LIMITED';
  if (error.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (error.statusCode === 404) return 'NOT_FOUND';
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return 'MALFORMED_REQUEST';
  return undefined;
}

/** How much of a refused body is read past the answer before its connection is closed all the same. */
const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * A body over the limit is refused before it is read. The framework would then close the connection, but
 * closing a socket the client is still writing to resets it, and the reset makes the client drop the 413
 * it had not read yet: a 6 MB body sent fast saw its connection closed, no answer. So the connection
 * stays open and the rest of the body is read and thrown away (the request timeout still bounds it, and
 * past `REFUSED_BODY_DRAIN_BYTES` the connection is cut): the client reads the answer in every case.
 * Resolves once the body has ended (or the connection has).
 */
function readRestOfBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  reply.removeHeader('connection');
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > REFUSED_BODY_DRAIN_BYTES) raw.socket.destroy();
  });
  raw.resume();
  return new Promise((resolve) => {
    raw.once('end', resolve);
    raw.once('close', resolve);
  });
}

/**
 * Every answer is the envelope: locale per request, translated refusals, and for anything
 * unexpected a generic message with the request id while the details go only to the log.
 */
export function registerEnvelope(app: FastifyInstance) {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('principal', undefined);
  app.decorateRequest('operator', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    request.locale = resolveRequestLocale(headerText(request.headers.languages), headerText(request.headers['accept-language']));
    reply.header('x-request-id', request.id);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FieldValidationError) {
      return reply
        .code(resultCodes.VALIDATION_FAILED.httpStatus)
        .send({ code: resultCodes.VALIDATION_FAILED.code, msg: fieldMessage(request, error.field, error.reasonKey), data: null });
    }
    if (error instanceof AppError) {
      return sendError(reply, error.result, error.parameters);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(resultCodes.VALIDATION_FAILED.httpStatus)
        .send({ code: resultCodes.VALIDATION_FAILED.code, msg: validationMessage(request, error.validation), data: null });
    }
    // A number past its column (a 40-digit amount, an overflowing price): the input's fault, not ours.
    if (databaseErrorCode(error) === '22003') {
      request.log.info({ err: error }, 'request refused: number out of range');
      return sendError(reply, 'NUMBER_OUT_OF_RANGE');
    }
    const known = resultOfFrameworkError(error);
    if (known) {
      request.log.info({ err: error }, 'request refused');
      if (known === 'PAYLOAD_TOO_LARGE' && !request.raw.complete) {
        const drained = readRestOfBody(request, reply);
        // A connection the client wants closed is closed after the answer: answer once the body is in.
        if (request.headers.connection?.toLowerCase() === 'close' || request.raw.httpVersion === '1.0') {
          void drained.then(() => sendError(reply, known));
          return reply;
        }
      }
      return sendError(reply, known);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 'INTERNAL_ERROR', { requestId: String(request.id) });
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, 'NOT_FOUND'));
}

/**
 * Errors the framework meets before a request is routed (a path parameter over the limit, a malformed
 * URL): answered in the envelope in the request's language like any other, never echoing the path.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.locale = resolveRequestLocale(headerText(request.headers.languages), headerText(request.headers['accept-language']));
  reply.header('x-request-id', request.id);
  const result: ResultName = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'PATH_TOO_LONG' : 'MALFORMED_REQUEST';
  return reply.code(resultCodes[result].httpStatus).send(errorBody(result, request.locale));
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

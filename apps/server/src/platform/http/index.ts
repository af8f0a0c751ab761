export { AppError, FieldValidationError } from './app-error.ts';
export { answerFrameworkError, errorBody, registerEnvelope, sendError, successBody } from './envelope.ts';
export { loggerRedaction } from './log-redaction.ts';
export { rateLimitStore } from './rate-limit-store.ts';
export type { OperatorPrincipal, Principal } from './request-context.ts';
export { createRequestIdGenerator } from './request-id.ts';
export { requestLoggerFactory } from './request-logger.ts';
export {
  type OperatorRouteContext,
  operatorRoute,
  publicRoute,
  type RouteContext,
  type RouteSpec,
  type UserRouteContext,
  userRoute,
} from './route.ts';
export { registerSecurityHeaders } from './security-headers.ts';
export { serverTimeouts } from './server-timeouts.ts';
export { registerStaticFiles } from './static-files.ts';
export { validatorCompiler } from './validator.ts';

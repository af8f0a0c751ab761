export { AppError } from './app-error.ts';
export { errorBody, registerEnvelope, sendError, successBody } from './envelope.ts';
export type { Principal } from './request-context.ts';
export { publicRoute, type RouteContext, type RouteSpec, type UserRouteContext, userRoute } from './route.ts';

export { registerAuthRoutes } from './auth.routes.ts';
export { type AuthService, createAuthService } from './auth.service.ts';
export { createRestrictionsService, type Restriction, type RestrictionsService } from './restrictions.service.ts';
export { createSessionCache, SESSIONS_ENDED_TOPIC, type SessionCache } from './session-cache.ts';

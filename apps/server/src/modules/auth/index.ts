export { registerAuthRoutes } from './auth.routes.ts';
export { type AuthService, createAuthService } from './auth.service.ts';
export { createRestrictionsService, type Restriction, type RestrictionsService } from './restrictions.service.ts';

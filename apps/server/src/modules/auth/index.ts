export { registerAuthRoutes } from './auth.routes.ts';
export { type AuthService, createAuthService } from './auth.service.ts';

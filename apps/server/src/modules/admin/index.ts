export { registerAdminRoutes } from './admin.routes.ts';
export { type AdminService, createAdminService } from './admin.service.ts';
export { requirePermission } from './permissions.ts';

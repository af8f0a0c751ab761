export { registerAdminRoutes } from './admin.routes.ts';
export { type AdminService, createAdminService } from './admin.service.ts';
export { registerOperatorAccountRoutes } from './operator-accounts.routes.ts';
export { createOperatorAccountsService, type OperatorAccountsService } from './operator-accounts.service.ts';
export { requirePermission } from './permissions.ts';

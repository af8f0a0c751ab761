export { type AdjustmentsService, createAdjustmentsService } from './adjustments.service.ts';
export { registerAdminRoutes } from './admin.routes.ts';
export { type AdminService, createAdminService } from './admin.service.ts';
export { type AdminUsersService, createAdminUsersService } from './admin-users.service.ts';
export { createInstrumentsAdminService, type InstrumentsAdminService } from './instruments-admin.service.ts';
export { registerOperatorAccountRoutes } from './operator-accounts.routes.ts';
export { createOperatorAccountsService, type OperatorAccountsService } from './operator-accounts.service.ts';
export { registerOperatorOpsRoutes } from './operator-ops.routes.ts';
export { requirePermission } from './permissions.ts';

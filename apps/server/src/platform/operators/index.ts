export { type Audited, type AuditMeta, createAudited, recordAudit } from './audit.ts';
export { auditLog, operators } from './operators.tables.ts';
export { requirePermission } from './permissions.ts';

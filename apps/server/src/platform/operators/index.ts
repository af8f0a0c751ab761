export {
  type Audited,
  type AuditedDecision,
  type AuditMeta,
  createAudited,
  createAuditedDecision,
  recordAudit,
} from './audit.ts';
export { auditLog, operators } from './operators.tables.ts';
export { requirePermission } from './permissions.ts';

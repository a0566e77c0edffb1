// Who changed what (DESIGN section 3): other modules record through this surface only.
export {
  type AuditEntry,
  type AuditValues,
  auditInsertSql,
  auditValuesOf,
  insertAuditEntry as recordAudit,
} from './audit.repository.ts';
export { type AuditRecord, listAuditEntries } from './audit-read.repository.ts';

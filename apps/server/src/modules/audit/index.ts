// Who changed what (docs/product/donations.md#audit): other modules record through this surface only.
export {
  type AuditEntry,
  type AuditValues,
  auditInsertSql,
  auditValuesOf,
  insertAuditEntry as recordAudit,
} from './audit.repository.ts';
export { type AuditRecord, listAuditEntries } from './audit-read.repository.ts';
export {
  type AuditFilter,
  type AuditLogRow,
  auditFilterOptions,
  auditLogBatches,
  searchAuditLog,
} from './audit-search.repository.ts';

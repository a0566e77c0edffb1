// Donations import: a CSV of offline or historic gifts, checked, previewed, recorded by a job.

// crm20: contacts import (column mapping, match by e-mail), the same limits, errors and job shape.
export { registerContactImports, runContactImport } from './contact-imports.jobs.ts';
export { contactImportRoutes } from './contact-imports.routes.ts';
// im23: a large file is checked by a job after its preview (docs/decisions/102-streaming-donation-import.md).
export { type ImportChecker, registerImportChecks } from './import-check.ts';
export { IMPORT_PROVIDER } from './import-reference.ts';
export { type ImportStarter, importQueue, registerImports, runImport, runImportJob } from './imports.jobs.ts';
export { importRoutes } from './imports.routes.ts';

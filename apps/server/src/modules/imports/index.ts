// Donations import: a CSV of offline or historic gifts, checked, previewed, recorded by a job.

// ri23: what the recurring imports share with these (reading the upload, refused rows, campaigns, job failures).
export { readContactFile as readCsvCells } from './contact-import-file.ts';
// crm20: contacts import (column mapping, match by e-mail), the same limits, errors and job shape.
export { registerContactImports, runContactImport } from './contact-imports.jobs.ts';
export { contactImportRoutes } from './contact-imports.routes.ts';
// im23: a large file is checked by a job after its preview (docs/decisions/102-streaming-donation-import.md).
export { type ImportChecker, registerImportChecks } from './import-check.ts';
export { cannotSucceedOnRetry } from './import-failure.ts';
export { IMPORT_PROVIDER } from './import-reference.ts';
export { type ImportStarter, importQueue, registerImports, runImport, runImportJob } from './imports.jobs.ts';
export { campaignIdsByUrl } from './imports.repository.ts';
export { importRoutes } from './imports.routes.ts';
export { failureRowsCsv, TOO_LARGE } from './imports.service.ts';

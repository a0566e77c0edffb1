// Donations import: a CSV of offline or historic gifts, checked, previewed, recorded by a job.
export { IMPORT_PROVIDER } from './import-reference.ts';
export { type ImportStarter, importQueue, registerImports, runImport, runImportJob } from './imports.jobs.ts';
export { importRoutes } from './imports.routes.ts';

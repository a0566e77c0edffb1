// Donations import: a CSV of offline or historic gifts, checked, previewed, recorded by a job.
export { IMPORT_PROVIDER, type ImportStarter, importQueue, registerImports, runImport } from './imports.jobs.ts';
export { importRoutes } from './imports.routes.ts';

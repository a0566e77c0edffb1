// Recurring imports: a CSV of recurring plans moved from another platform, previewed, each row
// checked with its payment provider, made plans by a job (docs/product/imports.md#recurring-imports).
export {
  type RecurringImportDeps,
  type RecurringImportStarter,
  recurringImportQueue,
  registerRecurringImports,
  runRecurringImport,
} from './recurring-imports.jobs.ts';
export { recurringImportRoutes } from './recurring-imports.routes.ts';
export { seedRecurringImport } from './recurring-imports.seed.ts';

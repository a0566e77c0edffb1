// The check's worker thread when the server runs from its TypeScript sources (tests, npm run dev):
// a worker thread does not inherit the tsx loader, so this plain module registers it and then loads
// the worker. The built server starts dist/import-check-worker.mjs instead (import-check-thread.ts).
const { register } = await import('tsx/esm/api');
register();
await import('./import-check.worker.ts');

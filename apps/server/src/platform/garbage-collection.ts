// The server's garbage collector setting (docs/decisions/106-server-runs-built-javascript.md).
import v8 from 'node:v8';

/**
 * V8 lets the old generation grow to up to four times the live heap before a full collection: a
 * long import check, which promotes a few MB of short-lived rows per batch, took a server of 60 MB
 * live heap to 290 MB of heap. Growing by 30% at most collects that garbage much sooner (peak RSS of
 * a 1,000,000-row check 401 → 220 MB); the collections are of a small live heap, so cheap. Set at
 * start-up by main.ts (and the benchmarks' server), not by the tests.
 */
export function collectGarbageSooner(): void {
  // `node --heap-growing-percent=N` chooses another figure (0: V8's own).
  if (process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent/.test(arg))) return;
  v8.setFlagsFromString('--heap-growing-percent=30');
}

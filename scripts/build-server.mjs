// Bundles the server's TypeScript (and @kindling/contracts, which is TypeScript source) into plain
// JavaScript that `node` runs without a loader (docs/decisions/106-server-runs-built-javascript.md):
// apps/server/dist/main.mjs with its source map beside it. Packages in node_modules stay imports.
// Run by `npm start` before every start (about a second); `node scripts/build-server.mjs` alone
// builds it too.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';
import { root } from './lib.mjs';

export const serverDist = path.join(root, 'apps/server/dist');

/** Every bare import (a package) stays external except our own workspace packages, which are TypeScript. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@kindling/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Worker threads the server starts, built beside every entry: a server bundle finds each by its name
 * next to itself (import-check-thread.ts, decision 102 "The check on its own thread").
 */
const WORKERS = { 'import-check-worker': 'apps/server/src/modules/imports/import-check.worker.ts' };

/** The workers as entries in the folder of each entry (a benchmark's server is built into dist/bench/). */
const workersBeside = (names) =>
  Object.fromEntries(
    [...new Set(names.map((n) => path.posix.dirname(n)))].flatMap((dir) =>
      Object.entries(WORKERS).map(([worker, file]) => [path.posix.join(dir, worker), file]),
    ),
  );

/**
 * Bundles `entries` ({ outputName: sourceFile }, paths from the repository root) into
 * apps/server/dist/<outputName>.mjs. The output must stay under apps/server: the server finds its
 * own files (migrations, SQL, seed assets) from there (platform/server-root.ts).
 */
export async function buildServer(entries = { main: 'apps/server/src/main.ts' }) {
  await build({
    entryPoints: Object.fromEntries(
      Object.entries({ ...entries, ...workersBeside(Object.keys(entries)) }).map(([name, file]) => [
        name,
        path.join(root, file),
      ]),
    ),
    outdir: serverDist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // A separate file, read only by `node --enable-source-maps` (stack traces): an inline map would be
    // held in memory with the code.
    sourcemap: 'linked',
    tsconfig: path.join(root, 'apps/server/tsconfig.json'),
    plugins: [packagesExternal],
    logLevel: 'warning',
  });
  // esbuild's build API keeps a service process (about 140 MB) until told to stop: npm start's
  // process lives as long as the server.
  await stop();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(`Built the server in ${((performance.now() - started) / 1000).toFixed(1)} s (apps/server/dist/main.mjs)`);
}

// npm start: install what is missing, build the web app and the server, then run the server (which
// starts the embedded PostgreSQL, migrates and seeds on first run). The server runs as built
// JavaScript under plain node, not through tsx (docs/decisions/106-server-runs-built-javascript.md).
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureWebBuild, root } from './lib.mjs';

ensureDependencies();
ensureWebBuild();
// Imported after ensureDependencies: on a fresh clone esbuild is installed by it.
const { buildServer } = await import('./build-server.mjs');
await buildServer();

const server = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('close', (code) => process.exit(code ?? 0));

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repository root, inheriting the terminal; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Installs dependencies on a fresh clone (node_modules missing or older than the lockfile). */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci) …');
  const result = spawnSync('npm', ['ci'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web app when its sources changed since the last build. */
export function ensureWebBuild() {
  const index = path.join(root, 'apps/web/dist/index.html');
  const sources = ['apps/web/src', 'apps/web/public', 'packages/contracts/src'].map((d) => path.join(root, d));
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const changedAt = Math.max(
    ...sources.filter((d) => fs.existsSync(d)).map(newestMtime),
    ...['index.html', 'donate.html', 'vite.config.ts', 'vite.donate.config.ts', 'package.json']
      .map((f) => path.join(root, 'apps/web', f))
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.statSync(f).mtimeMs),
  );
  if (builtAt >= changedAt) return;
  console.log('Building the web app …');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

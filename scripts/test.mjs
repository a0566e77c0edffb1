// npm test: lint, module rules (docs/architecture.md), types, unit + API + component tests, then the end-to-end suite in Chromium.
// Ends with one line "N passed, N failed" adding up every suite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const e2eRequired = process.env.E2E_REQUIRED === '1';
const tally = { passed: 0, failed: 0, skipped: 0 };
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindling-test-results-'));

function count(jsonFile) {
  if (!fs.existsSync(jsonFile)) return false;
  const r = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  tally.passed += r.numPassedTests ?? 0;
  tally.failed += (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
  tally.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  return true;
}

async function step(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args);
  if (code === 0) tally.passed += 1;
  else tally.failed += 1;
  console.log(code === 0 ? `${name}: ok` : `${name}: FAILED (exit ${code})`);
  return code === 0;
}

async function vitestSuite(name, configArgs, jsonFile) {
  console.log(`\n=== ${name} ===`);
  const code = await run('npx', [
    'vitest',
    'run',
    ...configArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${jsonFile}`,
  ]);
  if (!count(jsonFile) || (code !== 0 && tally.failed === 0)) tally.failed += 1;
  return code === 0;
}

ensureDependencies();
let ok = true;
ok = (await step('lint (biome)', 'npx', ['biome', 'check', '.'])) && ok;
ok = (await step('modules (dependency-cruiser)', 'npm', ['run', 'check:modules', '--silent'])) && ok;
ok = (await step('types (tsc per workspace)', 'npm', ['run', 'typecheck', '--silent'])) && ok;
ok = (await vitestSuite('unit, API and component tests (vitest)', [], path.join(outDir, 'unit.json'))) && ok;

if (fs.existsSync(CHROMIUM)) {
  ensureWebBuild();
  ok =
    (await vitestSuite(
      'end-to-end (Playwright + Chromium)',
      ['--config', 'e2e/vitest.config.ts'],
      path.join(outDir, 'e2e.json'),
    )) && ok;
} else if (e2eRequired) {
  console.log(`\nend-to-end suite REQUIRED but ${CHROMIUM} is missing`);
  tally.failed += 1;
  ok = false;
} else {
  console.log(`\nSkipping the end-to-end suite: ${CHROMIUM} not found (apt-get install -y chromium).`);
}

fs.rmSync(outDir, { recursive: true, force: true });
console.log(`\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(ok && tally.failed === 0 ? 0 : 1);

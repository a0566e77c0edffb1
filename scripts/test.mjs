// npm test: lint, module rules (docs/architecture.md), types, unit + API + component tests, then the end-to-end suite in Chromium.
// Ends with one line "N passed, N failed" adding up every suite.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureDependencies, ensureWebBuild, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const e2eRequired = process.env.E2E_REQUIRED === '1';
const tally = { passed: 0, failed: 0, skipped: 0 };
// What failed, repeated at the very end: CI keeps only the tail of the output.
const failures = [];
const unhandled = [];
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindling-test-results-'));

function count(jsonFile) {
  if (!fs.existsSync(jsonFile)) return false;
  const r = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  tally.passed += r.numPassedTests ?? 0;
  tally.failed += (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
  tally.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) failures.push(`${where} > ${a.fullName ?? a.title}: ${firstLine(a.failureMessages)}`);
    if (file.status === 'failed' && failed.length === 0) failures.push(`${where}: ${firstLine([file.message])}`);
  }
  return true;
}

function firstLine(messages) {
  const text = (messages ?? []).filter(Boolean).join('\n');
  return (
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? '(no message)'
  );
}

async function step(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args);
  if (code === 0) tally.passed += 1;
  else {
    tally.failed += 1;
    failures.push(`${name}: exit ${code}`);
  }
  console.log(code === 0 ? `${name}: ok` : `${name}: FAILED (exit ${code})`);
  return code === 0;
}

/** Runs Vitest with its output passed through, keeping the text of any unhandled error for the summary. */
function runVitest(args) {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: ['inherit', 'pipe', 'pipe'] });
    let keep = 0;
    const pass = (out) => (chunk) => {
      out.write(chunk);
      for (const line of chunk.toString().split('\n')) {
        if (/Unhandled (Error|Rejection)/.test(line)) keep = 12;
        if (keep > 0 && line.trim() !== '') {
          unhandled.push(stripVTControlCharacters(line).trimEnd());
          keep -= 1;
        }
      }
    };
    child.stdout.on('data', pass(process.stdout));
    child.stderr.on('data', pass(process.stderr));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function vitestSuite(name, configArgs, jsonFile) {
  console.log(`\n=== ${name} ===`);
  const code = await runVitest([
    'vitest',
    'run',
    ...configArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${jsonFile}`,
  ]);
  const failedBefore = failures.length;
  if (!count(jsonFile)) {
    tally.failed += 1;
    failures.push(`${name}: no results written (exit ${code})`);
  } else if (code !== 0 && failures.length === failedBefore) {
    // Every test passed but Vitest still failed: an unhandled error or rejection, printed above as "Unhandled".
    tally.failed += 1;
    failures.push(
      `${name}: exit ${code} with every test passed (an unhandled error; search the output for "Unhandled")`,
    );
  }
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
if (unhandled.length > 0) console.log(`\nUnhandled errors reported by Vitest:\n${unhandled.join('\n')}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(ok && tally.failed === 0 ? 0 : 1);

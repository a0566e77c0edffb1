// First-load weight of the public donation page (decision 006): the JS and CSS that donate.html loads
// before the donor can act (entry script, stylesheets, modulepreloads and the entry's static
// imports), gzip level 9 and brotli 11. Lazy chunks (the card and wallet providers' loaders) and
// the providers' own scripts are not part of the first load. Target: ≤ 32 KB gzip (docs/product/donation-form.md).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
// @ts-expect-error: plain ES module of the repo's scripts, without types
import { ensureWebBuild, root } from '../../scripts/lib.mjs';

const TARGET_KB = 32;

ensureWebBuild();
const dist = path.join(root as string, 'apps/web/dist');
// pay25: `--page pay` measures the payment page (/pay/{id}, pay.html) against the same budget.
const pageArg = process.argv.indexOf('--page');
const pageName = pageArg > 0 ? (process.argv[pageArg + 1] ?? 'donate') : 'donate';
const html = fs.readFileSync(path.join(dist, `${pageName}.html`), 'utf8');

const linked = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="(?:stylesheet|modulepreload)"[^>]+href="([^"]+)"/g),
].map((m) => m[1] as string);

/** Static imports only (`import{a}from"./x.js"`, `import"./x.css"`); `import("…")` is lazy. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const found = [...code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g)];
  return found.map((m) => path.posix.join(path.posix.dirname(file), m[1] as string));
}

const seen = new Set<string>();
const queue = linked.map((href) => href.replace(/^\//, ''));
while (queue.length > 0) {
  const file = queue.shift() as string;
  if (seen.has(file)) continue;
  seen.add(file);
  if (file.endsWith('.js')) queue.push(...staticImports(file));
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
let gzipTotal = 0;
let brotliTotal = 0;
let rawTotal = 0;
console.log('file                                   raw KB   gzip KB  brotli KB');
for (const file of seen) {
  const data = fs.readFileSync(path.join(dist, file));
  const gzip = zlib.gzipSync(data, { level: 9 }).length;
  const brotli = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
  rawTotal += data.length;
  gzipTotal += gzip;
  brotliTotal += brotli;
  console.log(`${file.padEnd(38)} ${kb(data.length).padStart(6)} ${kb(gzip).padStart(9)} ${kb(brotli).padStart(10)}`);
}
const htmlGzip = zlib.gzipSync(Buffer.from(html), { level: 9 }).length;
console.log(
  `${'total JS + CSS'.padEnd(38)} ${kb(rawTotal).padStart(6)} ${kb(gzipTotal).padStart(9)} ${kb(brotliTotal).padStart(10)}`,
);
console.log(`(${pageName}.html itself: ${kb(htmlGzip)} KB gzip, before the server inlines the campaign)`);
const pagePath = pageName === 'pay' ? '/pay/{id}' : '/{campaign_url}';
console.log(`First-load JS + CSS of ${pagePath}: ${kb(gzipTotal)} KB gzip (target ≤ ${TARGET_KB} KB)`);
// What went into the first load, from the source maps: packages by name.
const packages = new Set<string>();
for (const file of [...seen].filter((f) => f.endsWith('.js'))) {
  const map = path.join(dist, `${file}.map`);
  if (!fs.existsSync(map)) continue;
  for (const source of (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    packages.add(
      match
        ? (match[1] as string)
        : source.includes('packages/contracts')
          ? '@kindling/contracts (zod-free modules)'
          : 'apps/web/src',
    );
  }
}
console.log(`Packages in the first load: ${[...packages].sort().join(', ')}`);
const forbidden = [...packages].filter((p) => /^(zod|@mantine\/|react-router|@tanstack\/|react-dom$|react$)/.test(p));
if (forbidden.length > 0) console.log(`WARNING: ${forbidden.join(', ')} in the first-load bundle`);
process.exitCode = gzipTotal <= TARGET_KB * 1024 ? 0 : 1;

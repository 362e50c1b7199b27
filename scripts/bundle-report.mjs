// What the browser bundle is made of: builds the client (as scripts/build.mjs does, into a
// temporary directory) and prints the chunks a page loads before any interaction (its entry and
// their static imports, gzip as bench:web measures it), then the largest contributors to them
// grouped by package.
// Usage: node scripts/bundle-report.mjs [route file, default routes/index.tsx] [--top N] [--over KB]
// (--over: every module, ours or a package's, whose share is at least that many KB gzip).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const topIndex = args.indexOf('--top');
const top = topIndex >= 0 ? Number(args.splice(topIndex, 2)[1]) : 25;
const overIndex = args.indexOf('--over');
const over = overIndex >= 0 ? Number(args.splice(overIndex, 2)[1]) : null;
const routeFile = args[0] ?? 'routes/index.tsx';

const outDir = mkdtempSync(join(tmpdir(), 'bundle-report-'));
let bundle;
// The files as written (Vite fills in preload lists and chunk names after generateBundle).
const written = new Map();
try {
  process.chdir(root);
  await build({
    configFile: join(root, 'vite.config.mts'),
    configLoader: 'runner',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [{ name: 'bundle-report', generateBundle: (_options, output) => void (bundle = output) }],
  });
  for (const item of Object.values(bundle)) if (item.type === 'chunk') written.set(item.fileName, readFileSync(join(outDir, item.fileName), 'utf8'));
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
// zlib's default level, as bench:web measures what a page downloads.
const gzip = (text) => gzipSync(text).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A chunk and everything it imports statically: what the browser fetches along with it. */
function closure(start) {
  const seen = new Set();
  const visit = (chunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) visit(byFile.get(file));
  };
  visit(start);
  return seen;
}

const entry = chunks.find((chunk) => chunk.isEntry);
// The route's code-split component chunks (TanStack's ?tsr-split=...) load on hydration too.
const routeChunks = chunks.filter((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.includes(`/src/${routeFile}`));
const loaded = new Set([...closure(entry), ...routeChunks.flatMap((chunk) => [...closure(chunk)])]);

console.log(`\nChunks loaded with ${routeFile} (before interaction), minified and gzip\n`);
let total = 0;
const final = (chunk) => written.get(chunk.fileName);
for (const chunk of [...loaded].sort((a, b) => gzip(final(b)) - gzip(final(a)))) {
  total += gzip(final(chunk));
  console.log(`${chunk.fileName.padEnd(56)}${kb(final(chunk).length).padStart(12)}${kb(gzip(final(chunk))).padStart(12)}`);
}
console.log(`${'total'.padEnd(56)}${''.padStart(12)}${kb(total).padStart(12)}  (${loaded.size} files)`);

// A chunk's gzip size shared among its modules by the size of each one's code gzipped alone
// (rendered code, before minification): close enough to rank contributors, not exact bytes.
const groups = new Map();
const detail = new Map();
const everyModule = new Map();
for (const chunk of loaded) {
  const modules = Object.entries(chunk.modules).filter(([, module]) => module.code);
  const alone = modules.map(([, module]) => gzip(module.code));
  const scale = gzip(final(chunk)) / alone.reduce((sum, n) => sum + n, 0);
  modules.forEach(([id], i) => {
    const path = id.replace(/\?.*$/, '').replace(/^\0/, '');
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
    const name = inPackage
      ? inPackage[1] === 'zod'
        ? `zod/${inPackage[2].split('/').slice(0, 2).join('/')}`
        : inPackage[1]
      : path.replace(root, '').split('/').slice(0, 2).join('/');
    const group = groups.get(name) ?? { gzip: 0, modules: 0 };
    group.gzip += alone[i] * scale;
    group.modules += 1;
    groups.set(name, group);
    everyModule.set(path.replace(root, '').replace(/^.*node_modules\//, ''), alone[i] * scale);
    if (!inPackage || process.env.BUNDLE_REPORT_VENDOR) detail.set(path.replace(root, ''), (detail.get(path.replace(root, '')) ?? 0) + alone[i] * scale);
  });
}
console.log(`\nLargest contributors, by package or source folder (top ${top})\n`);
for (const [name, group] of [...groups].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, top))
  console.log(`${name.padEnd(56)}${kb(group.gzip).padStart(12)}${`${group.modules} modules`.padStart(14)}`);
console.log(`\nLargest of our own modules (top ${top})\n`);
for (const [name, bytes] of [...detail].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${name.padEnd(68)}${kb(bytes).padStart(12)}`);
if (over !== null) {
  console.log(`\nEvery module of at least ${over} KB gzip (its share of its chunk)\n`);
  for (const [name, bytes] of [...everyModule].sort((a, b) => b[1] - a[1]).filter(([, bytes]) => bytes >= over * 1024))
    console.log(`${name.padEnd(84)}${kb(bytes).padStart(12)}`);
}
if (process.env.BUNDLE_REPORT_MODULES)
  for (const chunk of loaded) for (const id of Object.keys(chunk.modules)) console.log(`${chunk.fileName}\t${id.replace(root, '')}`);

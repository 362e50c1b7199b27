// Builds the artifacts: the browser bundle, the server-rendering bundle, the backend and the library
// (downloadable files and lesson HTML, see library/README.md).
// With --if-stale, builds only those that are missing or older than their sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { precompress } from './precompress.mjs';

const root = new URL('..', import.meta.url).pathname;
const ifStale = process.argv.includes('--if-stale');
const bin = (name) => join(root, 'node_modules', '.bin', name);

const targets = [
  {
    name: 'frontend (browser + server rendering)',
    output: 'dist/server/entry-server.mjs',
    sources: ['frontend', 'contracts', 'vite.config.mts'],
    build: () => {
      run(bin('vite'), ['build', '--configLoader', 'runner', '--logLevel', 'warn']);
      precompress(join(root, 'dist/client/assets'));
      run(bin('vite'), ['build', '--configLoader', 'runner', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn']);
    },
  },
  {
    name: 'backend',
    output: 'dist/app/backend/src/main.js',
    sources: ['backend', 'contracts', '.swcrc'],
    build: () => run(bin('swc'), ['backend', 'contracts', '-d', 'dist/app', '--config-file', '.swcrc', '--quiet', '--copy-files', '--ignore', '**/*.spec.ts']),
  },
  {
    name: 'library (downloads and lessons)',
    output: 'dist/library/manifest.json',
    sources: ['library', 'scripts/build-library.mjs'],
    build: () => run(process.execPath, [join(root, 'scripts/build-library.mjs')]),
  },
];

for (const target of targets) {
  const output = join(root, target.output);
  if (ifStale && existsSync(output) && newestMtime(target.sources) <= statSync(output).mtimeMs) continue;
  const started = Date.now();
  process.stdout.write(`Building ${target.name}... `);
  target.build();
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function run(command, args) {
  execFileSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else if (!path.endsWith('routeTree.gen.ts')) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) if (existsSync(join(root, path))) visit(join(root, path));
  return newest;
}

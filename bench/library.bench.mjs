// Downloads through the library's signed links against a static file served by the same express
// app. The site runs in this process (api and worker, as `npm start` with ROLE=all), so the bench
// can add its static route to the app before it listens; the product has no such route.
// A 50 MB file is published into storage on start, a free resource is added to an account, and
// each download asks for a fresh signed link (as the Download button does) outside the timing.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { callFn, signUpOverHttp } from './support/site-accounts.mjs';
import { withAdmin } from './support/site.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
require('reflect-metadata');
const { createApi } = require(join(root, 'dist/app/backend/src/api.js'));
const { createWorker } = require(join(root, 'dist/app/backend/src/worker.js'));
const { prepareDatabase } = require(join(root, 'dist/app/backend/src/prepare-database.js'));
const { loadConfig } = require(join(root, 'dist/app/backend/src/platform/config/load-config.js'));
const express = require('express');

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_FILE_MB ?? 50) * MB;
const DOWNLOADS = Number(process.env.BENCH_DOWNLOADS ?? 24);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCIES ?? '1,4,8').split(',').map(Number);
const RESOURCE = 'zettelkasten-starter-templates'; // free: one click puts it on the account
const FILE = 'bench-50mb.bin';

const work = await mkdtemp(join(tmpdir(), 'sculpt-library-bench-'));
const libraryDir = join(work, 'library');
const staticDir = join(work, 'static');
const bytes = randomBytes(SIZE);
const sha256 = createHash('sha256').update(bytes).digest('hex');
await mkdir(join(libraryDir, 'files', RESOURCE), { recursive: true });
await mkdir(staticDir, { recursive: true });
await writeFile(join(libraryDir, 'files', RESOURCE, FILE), bytes);
await writeFile(join(staticDir, FILE), bytes);
await writeFile(
  join(libraryDir, 'manifest.json'),
  JSON.stringify({
    version: 1,
    resources: {
      [RESOURCE]: {
        files: [
          { name: FILE, title: 'Bench file', description: '', contentType: 'application/octet-stream', bytes: SIZE, sha256, path: `files/${RESOURCE}/${FILE}` },
        ],
        lessons: [],
      },
    },
  }),
);

const database = `sculpt_bench_${randomBytes(4).toString('hex')}`;
await withAdmin((c) => c.query(`create database ${database}`));
const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: Object.assign(new URL(admin), { pathname: `/${database}` }).toString(),
  QUEUE_PREFIX: `bench_${database}`,
  LOG_LEVEL: 'error',
  LIBRARY_DIST: libraryDir,
  STORAGE_DIR: join(work, 'storage'),
});
const apps = [];
// Nest aborts the process when a module fails to start (Postgres out of connections, say); the
// bench turns that into an error so its finally drops the database and the temporary files.
const abort = process.abort;
process.abort = () => {
  throw new Error('the site could not start (see the error above)');
};
try {
  await prepareDatabase(config);
  apps.push(await createWorker(config));
  const api = await createApi(config);
  process.abort = abort;
  // The baseline: express.static over the same bytes, in the same app (bench only).
  // no-transform, as the library's answers carry: the app's compression middleware would otherwise
  // gzip application/octet-stream on the fly, and the baseline would measure gzip, not serving.
  api.use('/bench-static', express.static(staticDir, { etag: true, lastModified: true, setHeaders: (res) => res.setHeader('Cache-Control', 'no-transform') }));
  await api.listen(0, '127.0.0.1');
  apps.push(api);
  const base = `http://127.0.0.1:${api.getHttpServer().address().port}`;

  const cookie = await signUpOverHttp(base, config.QUEUE_PREFIX, 'bench-library@example.com', 'Bench Reader');
  const added = await callFn(base, 'initiateCheckout', { resourceId: RESOURCE, quantity: 1 }, { cookie });
  if (added.error) throw new Error(`could not add ${RESOURCE}: ${JSON.stringify(added.error)}`);
  const link = async () => {
    for (let tries = 0; ; tries += 1) {
      const answer = await callFn(base, 'createDownloadLink', { resourceId: RESOURCE, fileName: FILE }, { cookie });
      if (answer.result) return `${base}${answer.result.url}`;
      if (tries > 100) throw new Error(`no download link: ${JSON.stringify(answer.error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100)); // the file's version is still being projected
    }
  };
  const plain = await fetch(`${base}/bench-static/${FILE}`);
  await plain.arrayBuffer();
  if (plain.headers.get('content-encoding')) throw new Error('the static baseline was compressed on the fly');
  const first = await fetch(await link(), { headers: { cookie } });
  const firstBytes = Buffer.from(await first.arrayBuffer());
  if (first.headers.get('content-encoding')) throw new Error('the signed download was compressed on the fly');
  if (first.status !== 200 || createHash('sha256').update(firstBytes).digest('hex') !== sha256)
    throw new Error(`the signed link did not give the file back (${first.status})`);

  const cases = [
    ['static file (express.static, same app)', async () => ({ url: `${base}/bench-static/${FILE}`, headers: {} })],
    ['signed link (library, disk storage)', async () => ({ url: await link(), headers: { cookie } })],
  ];
  for (const [, prepare] of cases) await measure(prepare, 2, 2); // warm both paths up
  console.log(
    `\nLibrary downloads: a ${SIZE / MB} MB file, about ${DOWNLOADS} downloads per row in ${ROUNDS} alternating rounds (client and server share ${cpus().length} cores, loopback)\n`,
  );
  console.log(['case'.padEnd(42), 'conc'.padStart(5), 'MB/s'.padStart(9), 'TTFB p50'.padStart(10), 'TTFB p95'.padStart(10), 'vs static'.padStart(11)].join(''));
  for (const concurrency of CONCURRENCIES) {
    // Rounds alternate the two cases, so load from anything else on the machine falls on both alike.
    const runs = cases.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, [, prepare]] of cases.entries()) runs[i].push(await measure(prepare, Math.max(concurrency, Math.ceil(DOWNLOADS / ROUNDS)), concurrency));
    }
    const rows = cases.map(([name], i) => ({ name, ...combine(runs[i]) }));
    for (const row of rows) {
      console.log(
        [
          row.name.padEnd(42),
          String(concurrency).padStart(5),
          row.mbPerSecond.toFixed(0).padStart(9),
          `${row.ttfbP50.toFixed(1)} ms`.padStart(10),
          `${row.ttfbP95.toFixed(1)} ms`.padStart(10),
          `${(row.mbPerSecond / rows[0].mbPerSecond).toFixed(2)}x`.padStart(11),
        ].join(''),
      );
    }
  }
  console.log('\nTarget: the signed link at ≥ 0.8x the static file. TTFB of the signed link includes verifying the link, the session and the entitlement.');
} finally {
  process.abort = abort;
  for (const app of apps.reverse()) await app.close();
  await withAdmin((c) => c.query(`drop database if exists ${database} with (force)`));
  await rm(work, { recursive: true, force: true });
}

/** `total` downloads, `concurrency` at a time; each read to its end. Links are made before the clock starts. */
async function measure(prepare, total, concurrency) {
  const requests = [];
  for (let i = 0; i < total; i += 1) requests.push(await prepare());
  const ttfb = [];
  let received = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const { url, headers } = requests[next++];
        const sent = performance.now();
        const response = await fetch(url, { headers });
        const reader = response.body.getReader();
        let firstChunk = true;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (firstChunk) {
            ttfb.push(performance.now() - sent);
            firstChunk = false;
          }
          received += value.length;
        }
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (received !== total * SIZE) throw new Error(`received ${received} bytes, expected ${total * SIZE}`);
  return { received, seconds, ttfb };
}

/** One row from several rounds: bytes over time spent, and the time-to-first-byte percentiles of every download. */
function combine(runs) {
  const received = runs.reduce((sum, r) => sum + r.received, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const ttfb = runs.flatMap((r) => r.ttfb).sort((a, b) => a - b);
  return {
    mbPerSecond: received / MB / seconds,
    ttfbP50: ttfb[Math.floor(ttfb.length * 0.5)],
    ttfbP95: ttfb[Math.min(ttfb.length - 1, Math.floor(ttfb.length * 0.95))],
  };
}

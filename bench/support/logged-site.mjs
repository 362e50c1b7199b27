// The built site as startBenchSite starts it (fresh database, free port, stopped with SIGINT), and
// it also keeps the site's error log (pino JSON lines on stdout), so a bench can say why some
// answers were 500s: e.g. Postgres refusing connections ("too many clients") when other test runs
// share it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { withAdmin } from './site.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function startLoggedBenchSite(env = {}) {
  const database = `sculpt_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${database}`));
  const databaseUrl = Object.assign(new URL(admin), { pathname: `/${database}` }).toString();
  const server = spawn(process.execPath, ['dist/app/backend/src/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      LOCAL_DEMO_DATA: 'false',
      QUEUE_PREFIX: `bench_${database}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const errors = [];
  let pending = '';
  server.stdout.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line);
        if (entry.level >= 50 && entry.err?.message && !/^failed with status code/.test(entry.err.message)) errors.push(entry.err.message);
      } catch {
        // not a log line
      }
    }
  });
  const started = new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk) => {
      seen += chunk;
      const match = /Site running at (http:\/\/\S+)/.exec(seen);
      if (match) {
        server.stdout.off('data', onData);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    server.stdout.on('data', onData);
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  let url;
  try {
    url = await started;
  } catch (error) {
    if (server.exitCode === null) server.kill('SIGKILL');
    await withAdmin((c) => c.query(`drop database if exists ${database} with (force)`));
    throw error;
  }
  return {
    url,
    databaseUrl,
    /** Error messages the site logged from `mark` on (a number from a previous call's `.length`). */
    errorsSince: (mark = 0) => errors.slice(mark),
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGINT');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      await withAdmin((c) => c.query(`drop database if exists ${database} with (force)`));
    },
  };
}

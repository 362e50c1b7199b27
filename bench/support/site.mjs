// Starts the built site (as `npm start` does) on a free port with a fresh database, for benchmarks.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function startBenchSite(env = {}) {
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
      TRUST_PROXY: 'loopback',
      QUEUE_PREFIX: `bench_${database}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let seen = '';
    server.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = /Site running at (http:\/\/\S+)/.exec(seen);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    databaseUrl,
    /** The server's process id (to read the CPU it used). */
    pid: server.pid,
    /** Stops the server and drops its database (kept with keepDatabase, to look at it after a run). */
    async stop({ keepDatabase = false } = {}) {
      server.kill('SIGINT');
      await new Promise((resolve) => server.once('exit', resolve));
      if (!keepDatabase) await withAdmin((c) => c.query(`drop database if exists ${database} with (force)`));
    },
  };
}

/** Runs `use` with a connection to the server's admin database (create and drop databases). */
export async function withAdmin(use) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, dropTestDatabase, uniqueQueuePrefix } from './test-database';
import { within } from './waits';

const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'dist', 'app', 'backend', 'src', 'main.js');

export interface SiteServer {
  url: string;
  /** Its BullMQ key prefix, so a test can put jobs on the site's own queues. */
  queuePrefix: string;
  /** Its own database, for tests that record what time alone would (a hold lapsing). */
  databaseUrl: string;
  child: ChildProcess;
  /** Everything it has written to stdout so far. */
  stdout(): string;
  /** Stops it with Ctrl-C's signal; rejects unless it exits cleanly (code 0) within 15 s. */
  stop(): Promise<void>;
}

/** Starts the built site exactly as `npm start` does, on a free port with a fresh database; a variable given as undefined is left unset. */
export async function startSite(label: string, env: Record<string, string | undefined> = {}): Promise<SiteServer> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" (npm test does it for you)`);
  const databaseUrl = await createTestDatabase(label);
  const queuePrefix = env.QUEUE_PREFIX ?? uniqueQueuePrefix(label);
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const logFile = join(ROOT, 'dist', `${label}-server.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://localhost:3000',
      // Suites make their own hosts; the demo data's own suite turns it back on.
      LOCAL_DEMO_DATA: 'false',
      // Two suites' sites, the shared e2e site and the tests' own pools share Postgres's 100 connections.
      DATABASE_POOL_MAX: '5',
      // Tests stand in for many clients by sending X-Forwarded-For from loopback.
      TRUST_PROXY: 'loopback',
      ...env,
      QUEUE_PREFIX: queuePrefix,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.pipe(log);
  const cleanUp = async () => {
    log.end();
    await dropTestDatabase(databaseUrl);
  };
  let url: string;
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  try {
    const started = new Promise<string>((resolve, reject) => {
      let seen = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        log.write(chunk);
        seen += chunk.toString();
        const match = /Site running at (http:\/\/\S+)/.exec(seen);
        if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
      });
      child.once('exit', (code) => reject(new Error(`the site exited with code ${code} before it was ready; see ${logFile}`)));
    });
    url = await within(started, 60_000, `the site did not start within 60 s; see ${logFile}`);
  } catch (error) {
    child.kill('SIGKILL');
    await cleanUp();
    throw error;
  }

  const stop = async () => {
    try {
      if (child.exitCode !== null) return;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGINT');
      const code = await within(exited, 15_000, 'the site did not stop within 15 s of SIGINT').catch((error: unknown) => {
        child.kill('SIGKILL');
        throw error;
      });
      if (code !== 0) throw new Error(`the site exited with code ${code} after SIGINT; see ${logFile}`);
    } finally {
      await cleanUp();
    }
  };
  return { url, queuePrefix, databaseUrl, child, stop, stdout: () => stdout };
}

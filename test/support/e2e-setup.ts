import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, uniqueQueuePrefix } from './test-database';

const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'dist', 'app', 'backend', 'src', 'main.js');

declare global {
  var __e2eServer: { child: ChildProcess; databaseUrl: string; log: WriteStream } | undefined;
}

/** Starts the built site exactly as `npm start` does, on a free port with a fresh database. */
export default async function e2eSetup(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" (npm test does it for you)`);
  const databaseUrl = await createTestDatabase('e2e');
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const log = createWriteStream(join(ROOT, 'dist', 'e2e-server.log'));
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      QUEUE_PREFIX: uniqueQueuePrefix('e2e'),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://localhost:3000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  globalThis.__e2eServer = { child, databaseUrl, log };
  child.stderr!.pipe(log);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the site did not start within 60 s; see dist/e2e-server.log')), 60_000);
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      log.write(chunk);
      seen += chunk.toString();
      const match = /Site running at (http:\/\/\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the site exited with code ${code} before it was ready; see dist/e2e-server.log`));
    });
  });
  process.env.E2E_BASE_URL = url;
}

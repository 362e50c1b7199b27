import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { testDatabaseUrl } from './support/orm';

const SCRIPT = join(__dirname, '..', '..', '..', 'scripts', 'events-replay.mjs');

/** Runs the script over the compiled backend against the test database. */
function runScript(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [SCRIPT, ...args], {
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), QUEUE_PREFIX: process.env.TEST_QUEUE_PREFIX ?? 'test', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('scripts/events-replay.mjs', () => {
  it('rebuilds the named read model, printing progress and a last line with the count and the time', async () => {
    const { code, stdout } = await runScript('StreamSummaryProjector');
    expect(code).toBe(0);
    expect(stdout).toMatch(/StreamSummaryProjector: building [\d,]+\/[\d,]+ events/);
    expect(stdout).toMatch(/StreamSummaryProjector: done/);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^Replayed [\d,]+ events into 1 read model in [\d,]+ ms \([\d,]+ events\/s\)\.$/);
  });

  it('names the read models it knows when asked for one it does not', async () => {
    const { code, stderr } = await runScript('NoSuchProjector');
    expect(code).toBe(64);
    expect(stderr).toMatch(/No read model called NoSuchProjector\. Known: .*StreamSummaryProjector/);
  });
});

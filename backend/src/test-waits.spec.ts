import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Tests wait on signals (a projection's checkpoint, a queue's events, the SMTP sink's arrivals, an
 * injected clock, Playwright's auto-waiting), not on time. A fixed wait is kept only where no signal
 * exists (proving that something does not happen, letting another process's clock run), and then
 * says so on the line above it. test/support/waits.ts builds the polls and deadlines (each checks a
 * real condition) and is left out of the count, so it must not export a pause.
 */
const LIMIT = 15;
const ROOT = join(__dirname, '..', '..');
const POLLS_AND_DEADLINES = 'test/support/waits.ts';
const THIS_SPEC = 'backend/src/test-waits.spec.ts';
const FIXED_WAIT = /\b(setTimeout|sleep|waitForTimeout|delay)\(/;

interface FixedWait {
  at: string;
  text: string;
  explained: boolean;
}

/** The fixed waits of one file: a pause for a set time through setTimeout, sleep, delay or Playwright's waitForTimeout. */
function fixedWaitsIn(path: string, source: string): FixedWait[] {
  const lines = source.split('\n');
  return lines.flatMap((line, index) => {
    const code = line.trim();
    if (code.startsWith('//') || code.startsWith('*') || !FIXED_WAIT.test(code.replaceAll('jest.setTimeout(', ''))) return [];
    const above = (lines[index - 1] ?? '').trim();
    return [{ at: `${path}:${index + 1}`, text: code, explained: above.startsWith('//') }];
  });
}

const SKIPPED = new Set(['node_modules', 'dist', '.git', '.tools']);

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const TEST_FILE = /\.(spec|test|e2e)\.(ts|tsx|mjs)$/;

function testFiles(): string[] {
  return [
    ...filesUnder(join(ROOT, 'test'), (name) => SOURCE.test(name)),
    ...['backend', 'frontend', 'contracts', 'eslint'].flatMap((dir) => filesUnder(join(ROOT, dir), (name) => TEST_FILE.test(name))),
  ]
    .map((path) => relative(ROOT, path))
    .filter((path) => path !== POLLS_AND_DEADLINES && path !== THIS_SPEC);
}

const listed = (waits: FixedWait[]) => waits.map((wait) => `  ${wait.at}  ${wait.text}`).join('\n');

describe('fixed waits in tests', () => {
  const waits = testFiles().flatMap((path) => fixedWaitsIn(path, readFileSync(join(ROOT, path), 'utf8')));

  it(`are at most ${LIMIT}`, () => {
    if (waits.length > LIMIT) throw new Error(`${waits.length} fixed waits in tests (at most ${LIMIT}); wait on a signal instead:\n${listed(waits)}`);
  });

  it('each say on the line above what they wait for and why no signal will do', () => {
    const unexplained = waits.filter((wait) => !wait.explained);
    if (unexplained.length > 0) throw new Error(`fixed waits without a comment on the line above:\n${listed(unexplained)}`);
  });

  it('are not hidden in the shared polls: waits.ts exports no pause', () => {
    const source = readFileSync(join(ROOT, POLLS_AND_DEADLINES), 'utf8');
    expect(source).not.toMatch(/export [^\n]*\b(rest|sleep|pause|delay)\b/);
  });
});

describe('what counts as a fixed wait', () => {
  it('a pause through setTimeout, sleep, delay or waitForTimeout, on the line it is written', () => {
    const source = [
      'await new Promise((resolve) => setTimeout(resolve, 200));',
      'await sleep(300);',
      'await page.waitForTimeout(250);',
      'await delay(50);',
    ].join('\n');
    expect(fixedWaitsIn('planted.test.ts', source).map((wait) => wait.at)).toEqual([
      'planted.test.ts:1',
      'planted.test.ts:2',
      'planted.test.ts:3',
      'planted.test.ts:4',
    ]);
  });

  it("not jest's test timeout, a wait named in a comment, or a wait on a signal", () => {
    const source = ['jest.setTimeout(60_000);', '// no sleep(100) here', "await until('it leads', () => worker.leader);", "await once(worker, 'failed');"].join(
      '\n',
    );
    expect(fixedWaitsIn('planted.test.ts', source)).toEqual([]);
  });

  it('is explained only by a comment on the line right above it', () => {
    const source = ['// proves nothing else arrives: only time can', 'await sleep(300);', '', 'await sleep(300);'].join('\n');
    expect(fixedWaitsIn('planted.test.ts', source).map((wait) => [wait.at, wait.explained])).toEqual([
      ['planted.test.ts:2', true],
      ['planted.test.ts:4', false],
    ]);
  });
});

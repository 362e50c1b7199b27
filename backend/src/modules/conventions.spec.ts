import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const backend = join(__dirname, '..');
const projectionTests = join(backend, '..', '..', 'test', 'integration', 'projections');

/** Backend files (relative to backend/src) whose names end with the suffix, specs excluded. */
function filesEnding(suffix: string): string[] {
  return readdirSync(backend, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .sort();
}

/** The command types a decider's `decide` switches on (`case 'OpenCheckout':`). */
function commandTypes(source: string): string[] {
  return [...decideBody(source).matchAll(/case '([^']+)':/g)].map((m) => m[1]!);
}

/** The body of a decider's `decide`, up to the end of the decider object. */
function decideBody(source: string): string {
  const start = source.indexOf('decide(');
  return start === -1 ? '' : source.slice(start);
}

// Verbs commands start with. A new one is added here on purpose, never by accident.
const verbs = [
  'Abandon',
  'Activate',
  'Add',
  'Assign',
  'Cancel',
  'Change',
  'Complete',
  'Close',
  'Confirm',
  'Correct',
  'Create',
  'Debit',
  'Dispute',
  'End',
  'Expire',
  'Extend',
  'Fail',
  'Grant',
  'Hold',
  'Issue',
  'Link',
  'Open',
  'Publish',
  'Receive',
  'Record',
  'Redeem',
  'Refund',
  'Release',
  'Remove',
  'Replace',
  'Request',
  'Reschedule',
  'Resubscribe',
  'Revoke',
  'Rotate',
  'Save',
  'Send',
  'Set',
  'Submit',
  'Sync',
  'Unsubscribe',
  'Update',
];

describe('deciders', () => {
  const deciders = filesEnding('.decider.ts');

  it('exist (the walk found them)', () => {
    expect(deciders.length).toBeGreaterThanOrEqual(10);
  });

  it.each(deciders)('%s names its commands imperatively in PascalCase', (file) => {
    const types = commandTypes(readFileSync(join(backend, file), 'utf8'));
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) {
      const verb = /^[A-Z][a-z]+/.exec(type)?.[0];
      expect({ type, pascalCase: /^(?:[A-Z][a-z0-9]*)+$/.test(type), imperative: verbs.includes(verb ?? '') }).toEqual({
        type,
        pascalCase: true,
        imperative: true,
      });
    }
  });

  it.each(deciders)('%s ends decide with a never check', (file) => {
    expect(decideBody(readFileSync(join(backend, file), 'utf8'))).toMatch(/: never = command(?:\.type)?;/);
  });

  it.each(deciders)('%s never reads the clock (now arrives with the command)', (file) => {
    expect(readFileSync(join(backend, file), 'utf8')).not.toMatch(/Date\.now\(\)|new Date\(\)/);
  });
});

describe('projectors', () => {
  const projectors = filesEnding('.projector.ts');

  it('exist (the walk found them)', () => {
    expect(projectors.length).toBeGreaterThanOrEqual(10);
  });

  it.each(projectors)('%s has a projection test in test/integration/projections/', (file) => {
    const test = `${basename(file, '.ts')}.test.ts`;
    expect({ file, tested: existsSync(join(projectionTests, test)) }).toEqual({ file, tested: true });
  });

  it.each(projectors)("%s lives in its module's projections/ folder", (file) => {
    expect(file).toMatch(/^modules\/[a-z-]+\/projections\/[a-z-]+\.projector\.ts$/);
  });
});

describe('appends', () => {
  const modules = join(backend, 'modules');
  const sources = readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .sort();
  // A file that can reach the event store (it imports it) and appends, or runs a decider.
  const appends = (source: string) => (/from '[./]*events\/event-store'/.test(source) && /\.append\(/.test(source)) || /\brunCommand\(/.test(source);

  it('the walk found the command handlers', () => {
    expect(sources.filter((file) => /\/commands\/[a-z-]+\.handler\.ts$/.test(file)).length).toBeGreaterThanOrEqual(20);
  });

  it('happen only in a command handler (commands/<verb-noun>.handler.ts)', () => {
    const outside = sources.filter(
      (file) => !/^[a-z-]+\/(?:[a-z-]+\/)*commands\/[a-z-]+\.handler\.ts$/.test(file) && appends(readFileSync(join(modules, file), 'utf8')),
    );
    expect(outside).toEqual([]);
  });
});

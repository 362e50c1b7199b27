import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import {
  areaCycles,
  castStreamReads,
  describeCycle,
  groundFloorImportsAbove,
  type SourceFile,
  sqlReport,
  sqlViolations,
} from '../conventions/architecture-checks';

const backend = join(__dirname, '..');

/** Every TypeScript file under backend/src, as the checks read them. */
const files: SourceFile[] = readdirSync(backend, { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.tsx?$/.test(path))
  .sort()
  .map((path) => ({ path: path.split(sep).join('/'), source: readFileSync(join(backend, path), 'utf8') }));

const GROUND_FLOOR = ['events', 'server-fn', 'platform'];

describe('the module graph', () => {
  it('read the tree (the walk found the areas)', () => {
    expect(files.some((file) => file.path === 'events/event-store.ts')).toBe(true);
    expect(files.some((file) => file.path.startsWith('modules/licenses/'))).toBe(true);
  });

  it('has no cycle through the ground floor (events, server-fn, platform), counting type imports', () => {
    const throughGround = areaCycles(files, ['modules/email']).filter((cycle) => cycle.areas.some((area) => GROUND_FLOOR.includes(area)));
    expect(throughGround.map(describeCycle)).toEqual([]);
  });

  it('has the ground floor import nothing above it: no module, integration or emulator', () => {
    expect(groundFloorImportsAbove(files).map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it('has no cycle among areas, counting type imports (the email registry, which imports every module by design, aside)', () => {
    expect(areaCycles(files, ['modules/email']).map(describeCycle)).toEqual([]);
  });
});

describe('SQL strings in modules', () => {
  it('are in at most 2 files, each saying why, none naming another module’s table', () => {
    expect(sqlViolations(sqlReport(files))).toEqual([]);
  });
});

describe('stream reads', () => {
  it('are typed by the stream’s event definitions, never cast', () => {
    expect(castStreamReads(files).map((read) => `${read.path}:${read.line} ${read.text}`)).toEqual([]);
  });
});

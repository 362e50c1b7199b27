import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LessonCatalog } from './lesson-catalog';

const lesson = (slug: string, path = `lessons/c/${slug}.html`) => ({ slug, title: `Lesson ${slug}`, minutes: 5, summary: 'S', path });

describe('the lesson catalog', () => {
  let dir: string;
  let warnings: string[];
  const catalog = () => new LessonCatalog(dir, { warn: (...args: unknown[]) => void warnings.push(String(args.at(-1))) } as never);
  const writeManifest = (resources: unknown) => writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ version: 1, resources }));
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lesson-catalog-'));
    warnings = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('offers no courses without a manifest, and says so once', async () => {
    const lessons = catalog();
    expect(await lessons.courses()).toEqual([]);
    expect(await lessons.course('c')).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('no library manifest');
  });

  it('offers the resources that have lessons, in order, and their HTML', async () => {
    mkdirSync(join(dir, 'lessons', 'c'), { recursive: true });
    writeFileSync(join(dir, 'lessons', 'c', '01-a.html'), '<p>A</p>');
    writeManifest({ c: { files: [], lessons: [lesson('01-a'), lesson('02-b')] }, templates: { files: [], lessons: [] } });
    const lessons = catalog();
    expect((await lessons.courses()).map((c) => [c.resourceId, c.lessons.map((l) => l.slug)])).toEqual([['c', ['01-a', '02-b']]]);
    expect(await lessons.html((await lessons.course('c'))!.lessons[0]!)).toBe('<p>A</p>');
    expect(warnings).toEqual([]);
  });

  it('answers 503 (not a crash) for a listed lesson whose HTML is missing', async () => {
    writeManifest({ c: { files: [], lessons: [lesson('01-a')] } });
    const lessons = catalog();
    await expect(lessons.html((await lessons.course('c'))!.lessons[0]!)).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect(warnings).toHaveLength(1);
  });

  it('sees a rebuilt manifest without a restart', async () => {
    writeManifest({ c: { files: [], lessons: [lesson('01-a')] } });
    const lessons = catalog();
    expect((await lessons.course('c'))!.lessons).toHaveLength(1);
    writeManifest({ c: { files: [], lessons: [lesson('01-a'), lesson('02-b')] } });
    utimesSync(join(dir, 'manifest.json'), new Date(), new Date(Date.now() + 5_000));
    expect((await lessons.course('c'))!.lessons).toHaveLength(2);
  });

  it('refuses a manifest whose lesson paths leave the library: no courses, one warning', async () => {
    writeManifest({ c: { files: [], lessons: [lesson('01-a', '../../etc/passwd')] } });
    const lessons = catalog();
    expect(await lessons.courses()).toEqual([]);
    expect(await lessons.courses()).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('cannot be read');
  });

  it('treats a manifest that is not JSON as no courses', async () => {
    writeFileSync(join(dir, 'manifest.json'), '{"version": 1, "resour');
    expect(await catalog().courses()).toEqual([]);
    expect(warnings).toHaveLength(1);
  });
});

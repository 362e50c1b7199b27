import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMPTY_MANIFEST, manifestPath, readLibraryManifest } from './library-manifest';

describe('the built library manifest', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sculpt-manifest-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is empty when nothing was built', async () => {
    expect(await readLibraryManifest(join(dir, 'missing'))).toEqual(EMPTY_MANIFEST);
  });

  it('reads files and lessons as the content contract writes them', async () => {
    const file = {
      name: 'x.zip',
      title: 'All templates (zip)',
      description: 'Every template.',
      contentType: 'application/zip',
      bytes: 3,
      sha256: 'a'.repeat(64),
      path: 'files/r/x.zip',
    };
    await writeFile(
      join(dir, 'manifest.json'),
      JSON.stringify({
        version: 1,
        resources: { r: { files: [file], lessons: [{ slug: '01-a', title: 'A', minutes: 6, summary: 'S', path: 'lessons/r/01-a.html' }] } },
      }),
    );
    const manifest = await readLibraryManifest(dir);
    expect(manifest.resources.r!.files).toEqual([file]);
    expect(manifest.resources.r!.lessons.map((l) => l.slug)).toEqual(['01-a']);
  });

  it('refuses a file name with a slash and a path that leaves the library', async () => {
    await writeFile(
      join(dir, 'manifest.json'),
      JSON.stringify({
        version: 1,
        resources: { r: { files: [{ name: '../x', title: '', contentType: 'a/b', bytes: 1, sha256: 'a'.repeat(64), path: 'x' }], lessons: [] } },
      }),
    );
    await expect(readLibraryManifest(dir)).rejects.toThrow(/without slashes/);
    expect(() => manifestPath(dir, '../../etc/passwd')).toThrow(/leaves/);
    expect(manifestPath(dir, 'files/r/x.zip')).toBe(join(dir, 'files/r/x.zip'));
  });
});

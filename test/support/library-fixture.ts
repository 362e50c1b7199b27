import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FixtureFile {
  resourceId: string;
  name: string;
  title?: string;
  contentType: string;
  bytes: Buffer;
}

export interface LibraryFixture {
  dir: string;
  storageDir: string;
  /** Rewrites the manifest with these files (a new build). */
  build(files: FixtureFile[], lessons?: Record<string, number>): Promise<void>;
  remove(): Promise<void>;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A built library (dist/library's shape: manifest.json and files/) and an empty storage folder, in a temp dir. */
export async function libraryFixture(files: FixtureFile[], lessons: Record<string, number> = {}): Promise<LibraryFixture> {
  const root = await mkdtemp(join(tmpdir(), 'sculpt-library-'));
  const dir = join(root, 'library');
  const storageDir = join(root, 'storage');
  const build = async (list: FixtureFile[], lessonCounts: Record<string, number> = {}) => {
    const resources: Record<string, { files: unknown[]; lessons: unknown[] }> = {};
    for (const file of list) {
      await mkdir(join(dir, 'files', file.resourceId), { recursive: true });
      await writeFile(join(dir, 'files', file.resourceId, file.name), file.bytes);
      (resources[file.resourceId] ??= { files: [], lessons: [] }).files.push({
        name: file.name,
        title: file.title ?? file.name,
        description: `The ${file.name} file.`,
        contentType: file.contentType,
        bytes: file.bytes.length,
        sha256: sha256(file.bytes),
        path: `files/${file.resourceId}/${file.name}`,
      });
    }
    for (const [resourceId, count] of Object.entries(lessonCounts)) {
      (resources[resourceId] ??= { files: [], lessons: [] }).lessons = Array.from({ length: count }, (_, i) => ({
        slug: `0${i + 1}-lesson`,
        title: `Lesson ${i + 1}`,
        minutes: 5,
        summary: 'A lesson.',
        path: `lessons/${resourceId}/0${i + 1}-lesson.html`,
      }));
    }
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ version: 1, resources }, null, 2));
  };
  await mkdir(storageDir, { recursive: true });
  await build(files, lessons);
  return { dir, storageDir, build, remove: () => rm(root, { recursive: true, force: true }) };
}

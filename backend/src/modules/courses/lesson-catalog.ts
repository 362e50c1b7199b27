import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Logger } from 'pino';
import { UnavailableError } from '../../platform/common/app-error';
import { libraryManifestSchema, type ManifestLesson } from '../library';

export type LessonEntry = ManifestLesson;
export interface CourseLessons {
  resourceId: string;
  lessons: LessonEntry[];
}

/**
 * The courses' lessons as the build made them. Read when the manifest's modification time changes
 * (so a rebuild is seen without a restart). A missing or invalid manifest means no courses, said
 * once in the log, never a failed request.
 */
export class LessonCatalog {
  private readonly root: string;
  private loaded: { mtimeMs: number; courses: Map<string, CourseLessons> } | null = null;
  private warned: string | null = null;

  constructor(
    libraryDist: string,
    private readonly log: Pick<Logger, 'warn'>,
  ) {
    this.root = resolve(libraryDist);
  }

  /** Every resource whose build has at least one lesson, in manifest order. */
  async courses(): Promise<CourseLessons[]> {
    return [...(await this.load()).values()];
  }

  async course(resourceId: string): Promise<CourseLessons | null> {
    return (await this.load()).get(resourceId) ?? null;
  }

  /** The lesson's HTML, rendered at build time. */
  async html(lesson: LessonEntry): Promise<string> {
    const file = resolve(this.root, lesson.path);
    if (!file.startsWith(this.root + sep)) throw new Error(`lesson path ${lesson.path} leaves the library`);
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      // The manifest lists it but the build is incomplete (a half-copied deploy): say so, never a 500.
      this.log.warn({ err: error, path: lesson.path }, 'a lesson listed in the library manifest cannot be read');
      throw new UnavailableError('This lesson cannot be shown right now; try again in a few minutes.');
    }
  }

  private async load(): Promise<Map<string, CourseLessons>> {
    const file = join(this.root, 'manifest.json');
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      this.warnOnce(`no library manifest at ${file}: no courses are offered (run the build to make the lessons)`);
      return new Map();
    }
    if (this.loaded?.mtimeMs === mtimeMs) return this.loaded.courses;
    const courses = new Map<string, CourseLessons>();
    try {
      const manifest = libraryManifestSchema.parse(JSON.parse(await readFile(file, 'utf8')));
      for (const [resourceId, resource] of Object.entries(manifest.resources)) {
        if (resource.lessons.length > 0) courses.set(resourceId, { resourceId, lessons: resource.lessons });
      }
    } catch (error) {
      this.warnOnce(`the library manifest at ${file} cannot be read (${(error as Error).message.slice(0, 300)}): no courses are offered`);
    }
    this.loaded = { mtimeMs, courses };
    return courses;
  }

  private warnOnce(message: string): void {
    if (this.warned === message) return;
    this.warned = message;
    this.log.warn(message);
  }
}

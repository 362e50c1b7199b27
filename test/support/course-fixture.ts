import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The course the fixture builds lessons for: a real catalog course, so it can be bought. */
export const FIXTURE_COURSE = { resourceId: 'from-audio-to-notes', title: 'From Audio to Notes' };

export const FIXTURE_LESSONS = [
  {
    slug: '01-recording-well',
    title: 'Recording well',
    minutes: 6,
    summary: 'Microphones, rooms and levels that make transcripts clean.',
    body: '<h2 id="the-room">The room</h2><p>A small room with soft furnishing beats an expensive microphone.</p>',
  },
  {
    slug: '02-choosing-a-preset',
    title: 'Choosing a preset',
    minutes: 8,
    summary: 'Lecture, interview or memo: which preset and why.',
    body: '<h2 id="presets">Presets</h2><p>Pick the interview preset when two voices take turns.</p>',
  },
  {
    slug: '03-linking-into-your-vault',
    title: 'Linking into your vault',
    minutes: 7,
    summary: 'From a transcript to linked, searchable notes.',
    body: '<h2 id="links">Links</h2><p>Link each transcript to the project note it belongs to.</p>',
  },
];

/**
 * A library build in a temp folder, shaped as the content contract says (`manifest.json` and
 * `lessons/<resourceId>/<slug>.html`), for a site started with LIBRARY_DIST pointing at it.
 * Also a resource with files only, which is not a course.
 */
export function writeCourseFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'course-fixture-'));
  mkdirSync(join(dir, 'lessons', FIXTURE_COURSE.resourceId), { recursive: true });
  for (const lesson of FIXTURE_LESSONS) writeFileSync(join(dir, 'lessons', FIXTURE_COURSE.resourceId, `${lesson.slug}.html`), lesson.body);
  const manifest = {
    version: 1,
    resources: {
      [FIXTURE_COURSE.resourceId]: {
        files: [],
        lessons: FIXTURE_LESSONS.map(({ body: _body, ...l }) => ({ ...l, path: `lessons/${FIXTURE_COURSE.resourceId}/${l.slug}.html` })),
      },
      'meeting-notes-system': {
        files: [
          {
            name: 'meeting-notes-system.zip',
            title: 'All templates (zip)',
            description: 'The templates.',
            contentType: 'application/zip',
            bytes: 10,
            sha256: '0'.repeat(64),
            path: 'files/meeting-notes-system/meeting-notes-system.zip',
          },
        ],
        lessons: [],
      },
    },
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

/** A course's lessons as `npm run build` made them (dist/library), with each lesson's first section heading. */
export function builtCourse(resourceId: string): Array<{ slug: string; title: string; firstHeading: string }> {
  const dist = join(__dirname, '..', '..', 'dist', 'library');
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as {
    resources: Record<string, { lessons: Array<{ slug: string; title: string; path: string }> }>;
  };
  const lessons = manifest.resources[resourceId]?.lessons ?? [];
  if (lessons.length < 4) throw new Error(`dist/library has ${lessons.length} lessons for ${resourceId}; run the build (it needs at least 4)`);
  return lessons.map((l) => {
    const heading = /<h2[^>]*>(.*?)<\/h2>/s.exec(readFileSync(join(dist, l.path), 'utf8'))?.[1] ?? l.title;
    const text = heading
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .trim();
    return { slug: l.slug, title: l.title, firstHeading: text };
  });
}

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';

const root = join(__dirname, '../../..');
const catalog = JSON.parse(readFileSync(join(root, 'backend/src/modules/catalog/catalog.json'), 'utf8')) as { id: string; type: string }[];
const deliverableTypes = new Set(['bundle', 'template', 'course', 'ebook']);

type FileEntry = { name: string; title: string; description: string; contentType: string; bytes: number; sha256: string; path: string };
type LessonEntry = { slug: string; title: string; minutes: number; summary: string; path: string };
type Manifest = { version: number; resources: Record<string, { files: FileEntry[]; lessons: LessonEntry[] }> };

function build(timeZone: string): string {
  const out = mkdtempSync(join(tmpdir(), 'library-build-'));
  execFileSync(process.execPath, [join(root, 'scripts/build-library.mjs'), out], { cwd: root, stdio: 'pipe', env: { ...process.env, TZ: timeZone } });
  return out;
}

function listTree(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix))
    .sort()
    .flatMap((name) => (statSync(join(dir, prefix, name)).isDirectory() ? listTree(dir, join(prefix, name)) : [join(prefix, name)]));
}

function entryOf(entries: Record<string, Uint8Array>, name: string): Uint8Array {
  const entry = entries[name];
  if (!entry) throw new Error(`the archive has no ${name}`);
  return entry;
}

let first: string;
let second: string;
let manifest: Manifest;
beforeAll(() => {
  // Zip entries carry a DOS date in local time: two builds in different time zones must still agree.
  first = build('UTC');
  second = build('Pacific/Kiritimati');
  manifest = JSON.parse(readFileSync(join(first, 'manifest.json'), 'utf8')) as Manifest;
});
afterAll(() => {
  rmSync(first, { recursive: true, force: true });
  rmSync(second, { recursive: true, force: true });
});

describe('the library build', () => {
  it('has a resource for each deliverable catalog entry and none for anything else', () => {
    const expected = catalog
      .filter((r) => deliverableTypes.has(r.type))
      .map((r) => r.id)
      .sort();
    expect(manifest.version).toBe(1);
    expect(Object.keys(manifest.resources).sort()).toEqual(expected);
    const folders = readdirSync(join(root, 'library')).filter((name) => statSync(join(root, 'library', name)).isDirectory());
    expect(folders.sort()).toEqual(expected);
  });

  it('writes every listed file with the stated bytes and sha256, and nothing unlisted', () => {
    const listed: string[] = [];
    for (const [id, resource] of Object.entries(manifest.resources)) {
      expect(resource.files.length + resource.lessons.length).toBeGreaterThan(0);
      for (const file of resource.files) {
        expect(file.path).toBe(`files/${id}/${file.name}`);
        const bytes = readFileSync(join(first, file.path));
        expect(bytes.length).toBe(file.bytes);
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
        expect(file.title.length).toBeGreaterThan(0);
        expect(file.description.length).toBeGreaterThan(0);
        listed.push(file.path);
      }
      for (const lesson of resource.lessons) listed.push(lesson.path);
    }
    expect(
      listTree(first)
        .filter((p) => p !== 'manifest.json')
        .sort(),
    ).toEqual(listed.sort());
  });

  it('gives byte-identical output when built twice, in different time zones', () => {
    const paths = listTree(first);
    expect(listTree(second)).toEqual(paths);
    for (const path of paths) expect(readFileSync(join(second, path)).equals(readFileSync(join(first, path)))).toBe(true);
  });

  it('packs each zip with a README in one top-level folder, and no empty files', () => {
    const zips = Object.values(manifest.resources).flatMap((r) => r.files.filter((f) => f.name.endsWith('.zip')));
    expect(zips.length).toBeGreaterThan(0);
    for (const zip of zips) {
      expect(zip.contentType).toBe('application/zip');
      const entries = unzipSync(readFileSync(join(first, zip.path)));
      const folder = zip.name.replace(/\.zip$/, '');
      const names = Object.keys(entries);
      expect(names.length).toBeGreaterThan(1);
      expect(names).toContain(`${folder}/README.md`);
      for (const name of names) {
        expect(name.startsWith(`${folder}/`)).toBe(true);
        expect(entryOf(entries, name).length).toBeGreaterThan(0);
        if (name.endsWith('.md')) expect(strFromU8(entryOf(entries, name))).not.toMatch(/[Ll]orem ipsum|\bTODO\b|\bTBD\b|placeholder text/);
      }
    }
  });

  it('makes each EPUB a valid container: stored mimetype first, container.xml, the OPF, the nav and every chapter', () => {
    const epubs = Object.values(manifest.resources).flatMap((r) => r.files.filter((f) => f.name.endsWith('.epub')));
    expect(epubs.length).toBeGreaterThanOrEqual(3);
    for (const epub of epubs) {
      expect(epub.contentType).toBe('application/epub+zip');
      const bytes = readFileSync(join(first, epub.path));
      // Local file header of the first entry: signature, compression method 0 (stored), name "mimetype".
      expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
      expect(bytes.readUInt16LE(8)).toBe(0);
      const nameLength = bytes.readUInt16LE(26);
      const extraLength = bytes.readUInt16LE(28);
      expect(bytes.subarray(30, 30 + nameLength).toString()).toBe('mimetype');
      expect(extraLength).toBe(0);
      expect(bytes.subarray(30 + nameLength, 30 + nameLength + 20).toString()).toBe('application/epub+zip');

      const entries = unzipSync(bytes);
      expect(Object.keys(entries)[0]).toBe('mimetype');
      expect(strFromU8(entryOf(entries, 'META-INF/container.xml'))).toContain('full-path="OEBPS/content.opf"');
      const opf = strFromU8(entryOf(entries, 'OEBPS/content.opf'));
      expect(opf).toMatch(/<dc:identifier id="book-id">[^<]+<\/dc:identifier>/);
      expect(opf).toMatch(/<dc:title>[^<]+<\/dc:title>/);
      expect(opf).toMatch(/<meta property="dcterms:modified">\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/meta>/);
      expect(opf).toContain('properties="nav"');
      const hrefs = [...opf.matchAll(/<item id="[^"]+" href="([^"]+)"/g)].map((m) => m[1] ?? '');
      const spine = [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((m) => m[1] ?? '');
      const chapters = hrefs.filter((href) => /^\d\d-/.test(href));
      expect(chapters.length).toBeGreaterThanOrEqual(5);
      expect(spine.length).toBe(chapters.length + 2);
      for (const href of hrefs) expect(entries[`OEBPS/${href}`]).toBeDefined();
      const nav = strFromU8(entryOf(entries, 'OEBPS/nav.xhtml'));
      for (const chapter of chapters) {
        expect(nav).toContain(`href="${chapter}"`);
        const xhtml = strFromU8(entryOf(entries, `OEBPS/${chapter}`));
        expect(xhtml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>/);
        expect(xhtml).toContain('<h1');
        // XHTML: void elements close themselves; no HTML-only entities.
        expect(xhtml).not.toMatch(/<(br|hr|img|input)\b[^>]*[^/]>/);
        expect(xhtml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/);
      }
    }
  });

  it("lists each course's lessons in order with titles, minutes and summaries, rendered without scripts", () => {
    const courses = catalog.filter((r) => r.type === 'course').map((r) => r.id);
    expect(courses.length).toBeGreaterThan(0);
    for (const id of [...courses, 'vault-kickstart-bundle']) {
      const lessons = manifest.resources[id]?.lessons ?? [];
      expect(lessons.length).toBeGreaterThanOrEqual(5);
      lessons.forEach((lesson, index) => {
        expect(lesson.slug.startsWith(String(index + 1).padStart(2, '0') + '-')).toBe(true);
        expect(lesson.path).toBe(`lessons/${id}/${lesson.slug}.html`);
        expect(lesson.title.length).toBeGreaterThan(0);
        expect(lesson.summary.length).toBeGreaterThan(0);
        expect(Number.isInteger(lesson.minutes) && lesson.minutes > 0).toBe(true);
        const html = readFileSync(join(first, lesson.path), 'utf8');
        expect(html).toContain('<h2');
        expect(html).not.toMatch(/<script|<html|javascript:/i);
      });
    }
  });
});

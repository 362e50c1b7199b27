// Packages the library's deliverables (library/<resourceId>/resource.json) into dist/library:
// manifest.json, files/<resourceId>/<name> (zips, EPUBs, copies) and lessons/<resourceId>/<slug>.html.
// Deterministic: entries are sorted and zip timestamps are fixed, so sha256 changes only with content.
// Usage: node scripts/build-library.mjs [outputDir]   (default dist/library)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { Marked } from 'marked';

const root = resolve(new URL('..', import.meta.url).pathname);
const libraryDir = join(root, 'library');
const outDir = resolve(root, process.argv[2] ?? 'dist/library');
// Built from local components, so the DOS date fflate writes is the same in every time zone.
const FIXED_MTIME = new Date(2026, 0, 1, 0, 0, 0);
const EPUB_MODIFIED = '2026-01-01T00:00:00Z';

const contentTypes = {
  '.zip': 'application/zip',
  '.epub': 'application/epub+zip',
  '.pdf': 'application/pdf',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const catalogIds = new Set(JSON.parse(readFileSync(join(root, 'backend/src/modules/catalog/catalog.json'), 'utf8')).map((r) => r.id));
const markdown = makeMarkdown();

main();

function main() {
  const resources = {};
  const built = [];
  for (const id of readdirSync(libraryDir).sort()) {
    const dir = join(libraryDir, id);
    if (!statSync(dir).isDirectory()) continue;
    if (!catalogIds.has(id)) fail(`library/${id} does not match a catalog resource id`);
    const spec = JSON.parse(readFileSync(join(dir, 'resource.json'), 'utf8'));
    const files = (spec.files ?? []).map((file) => {
      const bytes = buildFile(id, dir, file);
      const path = `files/${id}/${file.name}`;
      built.push([path, bytes]);
      return {
        name: file.name,
        title: requireText(file.title, `${id}/${file.name} title`),
        description: requireText(file.description, `${id}/${file.name} description`),
        contentType: contentTypeOf(file.name),
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        path,
      };
    });
    const lessons = spec.lessons ? readLessons(id, join(dir, spec.lessons)) : [];
    for (const lesson of lessons) built.push([lesson.path, strToU8(lesson.html)]);
    resources[id] = { files, lessons: lessons.map(({ html, ...entry }) => entry) };
  }

  for (const stale of ['files', 'lessons', 'manifest.json']) rmSync(join(outDir, stale), { recursive: true, force: true });
  for (const [path, bytes] of built) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), bytes);
  }
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify({ version: 1, resources }, null, 2) + '\n');
}

function buildFile(id, dir, file) {
  if (!/^[a-z0-9][a-z0-9.-]*\.[a-z0-9]+$/.test(file.name ?? '')) fail(`${id}: bad file name ${file.name}`);
  const from = insideLibrary(join(dir, file.build?.from ?? ''), `${id}/${file.name}`);
  switch (file.build?.kind) {
    case 'zip':
      return buildZip(from, file.name.replace(/\.zip$/, ''));
    case 'epub':
      return buildEpub(from);
    case 'copy':
      return new Uint8Array(readFileSync(from));
    default:
      fail(`${id}/${file.name}: unknown build kind ${file.build?.kind}`);
  }
}

// A zip whose entries sit in one top-level folder, so unzipping never scatters files.
function buildZip(from, folder) {
  const paths = listFiles(from);
  if (!paths.includes('README.md')) fail(`${relative(root, from)} has no README.md`);
  const entries = {};
  for (const path of paths) entries[`${folder}/${path}`] = [new Uint8Array(readFileSync(join(from, path))), { mtime: FIXED_MTIME, level: 9 }];
  return zipSync(entries);
}

// EPUB 3: mimetype first and stored, container.xml, an OPF package, a nav document, XHTML chapters, CSS.
// Sources: book.json (title, author, language, identifier, description; subtitle, publisher, rights optional),
// and NN-slug.md chapters whose front matter has a title; every ebook shares library/ebook.css.
function buildEpub(from) {
  const book = JSON.parse(readFileSync(join(from, 'book.json'), 'utf8'));
  for (const key of ['title', 'author', 'language', 'identifier', 'description']) requireText(book[key], `${relative(root, from)}/book.json ${key}`);
  const chapters = listFiles(from)
    .filter((name) => /^\d\d-[a-z0-9-]+\.md$/.test(name))
    .map((name) => {
      const { data, body } = frontMatter(readFileSync(join(from, name), 'utf8'), name);
      return { id: name.replace(/\.md$/, ''), title: requireText(data.title, `${name} title`), html: xhtml(markdown.parse(body)) };
    });
  if (chapters.length === 0) fail(`${relative(root, from)} has no chapters`);
  const css = readFileSync(join(libraryDir, 'ebook.css'), 'utf8');
  const lang = escapeXml(book.language);
  const page = (title, body) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${lang}" lang="${lang}">\n<head>\n<meta charset="utf-8" />\n<title>${escapeXml(title)}</title>\n<link rel="stylesheet" type="text/css" href="style.css" />\n</head>\n<body>\n${body}\n</body>\n</html>\n`;

  const titlePage = page(
    book.title,
    `<section epub:type="titlepage" class="titlepage">\n<h1>${escapeXml(book.title)}</h1>\n${book.subtitle ? `<p class="subtitle">${escapeXml(book.subtitle)}</p>\n` : ''}<p class="author">${escapeXml(book.author)}</p>\n<p class="description">${escapeXml(book.description)}</p>\n${book.rights ? `<p class="rights">${escapeXml(book.rights)}</p>\n` : ''}</section>`,
  );
  const nav = page(
    'Contents',
    `<nav epub:type="toc" id="toc">\n<h1>Contents</h1>\n<ol>\n${chapters.map((c) => `<li><a href="${c.id}.xhtml">${escapeXml(c.title)}</a></li>`).join('\n')}\n</ol>\n</nav>`,
  );
  const opf = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${lang}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">${escapeXml(book.identifier)}</dc:identifier>
<dc:title>${escapeXml(book.title)}</dc:title>
<dc:creator>${escapeXml(book.author)}</dc:creator>
<dc:language>${lang}</dc:language>
<dc:publisher>${escapeXml(book.publisher ?? book.author)}</dc:publisher>
<dc:description>${escapeXml(book.description)}</dc:description>
${book.rights ? `<dc:rights>${escapeXml(book.rights)}</dc:rights>\n` : ''}<meta property="dcterms:modified">${EPUB_MODIFIED}</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="style.css" media-type="text/css"/>
<item id="titlepage" href="titlepage.xhtml" media-type="application/xhtml+xml"/>
${chapters.map((c) => `<item id="c-${c.id}" href="${c.id}.xhtml" media-type="application/xhtml+xml"/>`).join('\n')}
</manifest>
<spine>
<itemref idref="titlepage"/>
<itemref idref="nav"/>
${chapters.map((c) => `<itemref idref="c-${c.id}"/>`).join('\n')}
</spine>
</package>
`;
  const container = `<?xml version="1.0" encoding="utf-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;
  const entry = (text, level = 9) => [strToU8(text), { mtime: FIXED_MTIME, level }];
  const entries = {
    mimetype: entry('application/epub+zip', 0),
    'META-INF/container.xml': entry(container),
    'OEBPS/content.opf': entry(opf),
    'OEBPS/nav.xhtml': entry(nav),
    'OEBPS/style.css': entry(css),
    'OEBPS/titlepage.xhtml': entry(titlePage),
  };
  for (const c of chapters) entries[`OEBPS/${c.id}.xhtml`] = entry(page(c.title, `<section epub:type="chapter">\n${c.html}</section>`));
  return zipSync(entries);
}

function readLessons(id, dir) {
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort();
  return names.map((name, index) => {
    if (!/^\d\d-[a-z0-9-]+\.md$/.test(name)) fail(`${id}: lesson file ${name} must be named NN-slug.md`);
    const { data, body } = frontMatter(readFileSync(join(dir, name), 'utf8'), `${id}/${name}`);
    const minutes = Number(data.minutes);
    if (!Number.isInteger(minutes) || minutes <= 0) fail(`${id}/${name}: minutes must be a positive integer`);
    if (Number(name.slice(0, 2)) !== index + 1) fail(`${id}/${name}: lessons must be numbered 01, 02, … without gaps`);
    const slug = name.replace(/\.md$/, '');
    return {
      slug,
      title: requireText(data.title, `${id}/${name} title`),
      minutes,
      summary: requireText(data.summary, `${id}/${name} summary`),
      path: `lessons/${id}/${slug}.html`,
      html: markdown.parse(body),
    };
  });
}

// Our own Markdown, still rendered defensively: raw HTML is shown as text, and links may only go
// to http(s), mailto, the site itself or an anchor.
function makeMarkdown() {
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: { html: ({ text }) => escapeXml(text) },
    walkTokens(token) {
      if ((token.type === 'link' || token.type === 'image') && !/^(https?:\/\/|mailto:|\/|#)/.test(token.href)) fail(`unsafe link target ${token.href}`);
    },
  });
  return marked;
}

// marked writes HTML; EPUB chapters are XHTML, so void elements must close themselves.
function xhtml(html) {
  return html.replace(/<(br|hr|img|input)((?:\s[^<>]*?)?)\s*\/?>/g, '<$1$2 />');
}

function frontMatter(text, where) {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text.replace(/\r\n/g, '\n'));
  if (!match) fail(`${where} has no front matter`);
  const data = {};
  for (const line of match[1].split('\n')) {
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) fail(`${where}: cannot read front matter line "${line}"`);
    data[pair[1]] = pair[2].replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  }
  return { data, body: text.replace(/\r\n/g, '\n').slice(match[0].length) };
}

function listFiles(dir) {
  const out = [];
  const visit = (path) => {
    for (const name of readdirSync(path).sort()) {
      if (name.startsWith('.')) continue;
      const full = join(path, name);
      if (statSync(full).isDirectory()) visit(full);
      else out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  visit(dir);
  return out.sort();
}

function insideLibrary(path, where) {
  const full = resolve(path);
  if (!full.startsWith(libraryDir + sep) || !existsSync(full)) fail(`${where}: build.from must name something inside library/ (${relative(root, full)})`);
  return full;
}

function contentTypeOf(name) {
  const ext = name.slice(name.lastIndexOf('.'));
  return contentTypes[ext] ?? fail(`no content type for ${name}`);
}

function requireText(value, where) {
  if (typeof value !== 'string' || value.trim() === '') fail(`${where} is missing`);
  return value;
}

function escapeXml(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function fail(message) {
  throw new Error(`build-library: ${message}`);
}

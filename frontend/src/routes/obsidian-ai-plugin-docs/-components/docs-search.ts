import MiniSearch from 'minisearch';
import { docSummaries, type DocSummary } from '../../../content/docs';
import type { MarkdownPage } from '../../../content/markdown-page';

export interface DocSearchHit {
  page: Pick<DocSummary, 'slug' | 'path' | 'title'>;
  snippet: string;
  /** The heading closest to the match, to jump straight to it. */
  anchor?: string;
}

// The text and headings of every page, in this module's own chunk: loaded when a reader reaches
// for the search box (or the browser is idle), after which search needs no network at all.
const searchable = import.meta.glob<Pick<MarkdownPage, 'headings' | 'text'>>('../../../content/docs/*.md', {
  query: '?search',
  import: 'default',
  eager: true,
});

const pages = docSummaries.map((summary) => ({ ...summary, ...searchable[`../../../content/docs/${summary.slug}.md`]! }));

let index: MiniSearch<{ id: string; title: string; headings: string; text: string }> | undefined;

function searchIndex() {
  if (index) return index;
  index = new MiniSearch({
    fields: ['title', 'headings', 'text'],
    storeFields: [],
    searchOptions: { boost: { title: 4, headings: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  });
  index.addAll(pages.map((page) => ({ id: page.slug, title: page.title, headings: page.headings.map((h) => h.text).join(' '), text: page.text })));
  return index;
}

/** Searches every docs page in the browser (or on the server): no network needed. */
export function searchDocs(query: string, limit = 8): DocSearchHit[] {
  const trimmed = query.trim();
  if (trimmed.length < 2) return [];
  return searchIndex()
    .search(trimmed)
    .slice(0, limit)
    .flatMap((result) => {
      const page = pages.find((p) => p.slug === result.id);
      if (!page) return [];
      const terms = result.terms.map((t) => t.toLowerCase());
      const heading = page.headings.find((h) => terms.some((t) => h.text.toLowerCase().includes(t)));
      return [{ page: { slug: page.slug, path: page.path, title: page.title }, snippet: snippetFor(page.text, terms), anchor: heading?.id }];
    });
}

function snippetFor(text: string, terms: string[]): string {
  const lower = text.toLowerCase();
  const at =
    terms
      .map((t) => lower.indexOf(t))
      .filter((i) => i >= 0)
      .sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, at - 60);
  const slice = text.slice(start, start + 160).trim();
  return `${start > 0 ? '…' : ''}${slice}${start + 160 < text.length ? '…' : ''}`;
}

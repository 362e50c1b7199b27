import MiniSearch from 'minisearch';
import { docPages, type DocPage } from '../../../content/docs';

export interface DocSearchHit {
  page: DocPage;
  snippet: string;
  /** The heading closest to the match, to jump straight to it. */
  anchor?: string;
}

let index: MiniSearch<{ id: string; title: string; headings: string; text: string }> | undefined;

function searchIndex() {
  if (index) return index;
  index = new MiniSearch({
    fields: ['title', 'headings', 'text'],
    storeFields: [],
    searchOptions: { boost: { title: 4, headings: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  });
  index.addAll(docPages.map((page) => ({ id: page.slug, title: page.title, headings: page.headings.map((h) => h.text).join(' '), text: page.text })));
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
      const page = docPages.find((p) => p.slug === result.id);
      if (!page) return [];
      const terms = result.terms.map((t) => t.toLowerCase());
      const heading = page.headings.find((h) => terms.some((t) => h.text.toLowerCase().includes(t)));
      return [{ page, snippet: snippetFor(page.text, terms), anchor: heading?.id }];
    });
}

function snippetFor(text: string, terms: string[]): string {
  const lower = text.toLowerCase();
  const at = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, at - 60);
  const slice = text.slice(start, start + 160).trim();
  return `${start > 0 ? '…' : ''}${slice}${start + 160 < text.length ? '…' : ''}`;
}

import type { Heading } from '../lib/markdown';
import type { MarkdownPage } from './markdown-page';

/** What the sidebar, links and page heads need of a docs page. */
export interface DocSummary {
  slug: string;
  path: string;
  title: string;
  description: string;
  order: number;
}

/** A docs page with its rendered body. */
export interface DocPage extends DocSummary {
  html: string;
  headings: Heading[];
}

const DOCS_ROOT = '/obsidian-ai-plugin-docs';

// The front matter of every page is small and always at hand; each body (rendered at build time)
// is its own chunk, loaded by the page that shows it.
const metas = import.meta.glob<Pick<MarkdownPage, 'data'>>('./docs/*.md', { query: '?meta', import: 'default', eager: true });
const bodies = import.meta.glob<MarkdownPage>('./docs/*.md', { query: '?page', import: 'default' });

const slugOf = (file: string) => file.replace(/^\.\/docs\//, '').replace(/\.md$/, '');

/** Every docs page, in reading order. */
export const docSummaries: DocSummary[] = Object.entries(metas)
  .map(([file, { data }]) => {
    const slug = slugOf(file);
    return {
      slug,
      path: slug === 'index' ? DOCS_ROOT : `${DOCS_ROOT}/${slug}`,
      title: data.title ?? slug,
      description: data.description ?? '',
      order: Number(data.order ?? 99),
    };
  })
  .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));

export const docsIndex = docSummaries.find((page) => page.slug === 'index');
export const docArticles = docSummaries.filter((page) => page.slug !== 'index');

/** An article (not the docs home) by slug. */
export function findDoc(slug: string): DocSummary | undefined {
  return docArticles.find((page) => page.slug === slug);
}

export function neighbours(slug: string): { previous?: DocSummary; next?: DocSummary } {
  const index = docArticles.findIndex((page) => page.slug === slug);
  return { previous: index > 0 ? docArticles[index - 1] : docsIndex, next: docArticles[index + 1] };
}

/** A page with its body ('index' is the docs home); undefined when there is no such page. */
export async function loadDocPage(slug: string): Promise<DocPage | undefined> {
  const summary = docSummaries.find((page) => page.slug === slug);
  const load = bodies[`./docs/${slug}.md`];
  if (!summary || !load) return undefined;
  const { html, headings } = await load();
  return { ...summary, html, headings };
}

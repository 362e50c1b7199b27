import type { Heading } from '../lib/markdown';
import type { MarkdownPage } from './markdown-page';

export interface DocPage {
  slug: string;
  path: string;
  title: string;
  description: string;
  order: number;
  html: string;
  headings: Heading[];
  text: string;
}

const DOCS_ROOT = '/obsidian-ai-plugin-docs';
// Rendered at build time; this module is only loaded by the docs routes (and the server).
const sources = import.meta.glob<MarkdownPage>('./docs/*.md', { query: '?page', import: 'default', eager: true });

/** Every docs page, in reading order. */
export const docPages: DocPage[] = Object.entries(sources)
  .map(([file, { data, ...rendered }]) => {
    const slug = file.replace(/^\.\/docs\//, '').replace(/\.md$/, '');
    return {
      slug,
      path: slug === 'index' ? DOCS_ROOT : `${DOCS_ROOT}/${slug}`,
      title: data.title ?? slug,
      description: data.description ?? '',
      order: Number(data.order ?? 99),
      ...rendered,
    };
  })
  .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));

export const docsIndex = docPages.find((page) => page.slug === 'index');
export const docArticles = docPages.filter((page) => page.slug !== 'index');

export function findDoc(slug: string): DocPage | undefined {
  return docArticles.find((page) => page.slug === slug);
}

export function neighbours(slug: string): { previous?: DocPage; next?: DocPage } {
  const index = docArticles.findIndex((page) => page.slug === slug);
  return { previous: index > 0 ? docArticles[index - 1] : docsIndex, next: docArticles[index + 1] };
}

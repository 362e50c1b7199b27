import type { Heading } from '../lib/markdown';
import type { MarkdownPage } from './markdown-page';

export interface LegalPage {
  slug: 'terms' | 'privacy' | 'refund-policy';
  title: string;
  description: string;
  updated: string;
  html: string;
  headings: Heading[];
}

const sources = import.meta.glob<MarkdownPage>('./legal/*.md', { query: '?page', import: 'default', eager: true });

export function legalPage(slug: LegalPage['slug']): LegalPage {
  const source = sources[`./legal/${slug}.md`];
  if (!source) throw new Error(`frontend/src/content/legal/${slug}.md is missing`);
  const { data, html, headings } = source;
  return { slug, title: data.title ?? slug, description: data.description ?? '', updated: data.updated ?? '', html, headings };
}

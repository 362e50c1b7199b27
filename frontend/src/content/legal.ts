import { parseFrontMatter, renderMarkdown, type Heading } from '../lib/markdown';

export interface LegalPage {
  slug: 'terms' | 'privacy' | 'refund-policy';
  title: string;
  description: string;
  updated: string;
  html: string;
  headings: Heading[];
}

const sources = import.meta.glob<string>('./legal/*.md', { query: '?raw', import: 'default', eager: true });

export function legalPage(slug: LegalPage['slug']): LegalPage {
  const source = sources[`./legal/${slug}.md`];
  if (!source) throw new Error(`frontend/src/content/legal/${slug}.md is missing`);
  const { data, body } = parseFrontMatter(source);
  const { html, headings } = renderMarkdown(body);
  return { slug, title: data.title ?? slug, description: data.description ?? '', updated: data.updated ?? '', html, headings };
}

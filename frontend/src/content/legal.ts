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

/** A legal page from its Markdown, rendered at build time (each page's route imports only its own). */
export function legalPage(slug: LegalPage['slug'], { data, html, headings }: MarkdownPage): LegalPage {
  return { slug, title: data.title ?? slug, description: data.description ?? '', updated: data.updated ?? '', html, headings };
}

/** What the page's head needs. */
export const legalSummary = ({ slug, title, description }: LegalPage) => ({ title, description, path: `/${slug}` });

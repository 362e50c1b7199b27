import type { LegalPage } from './legal';

/**
 * What a route's loader and head need of a content page. The pages themselves load on demand,
 * so the Markdown of the docs and legal pages never lands in the entry chunk.
 */
export interface ContentSummary {
  title: string;
  description: string;
  path: string;
}

export async function loadLegalSummary(slug: LegalPage['slug']): Promise<ContentSummary> {
  const { legalPage } = await import('./legal');
  const { title, description } = legalPage(slug);
  return { title, description, path: `/${slug}` };
}

/** The docs page for a slug (undefined when there is none); no slug means the docs home. */
export async function loadDocSummary(slug?: string): Promise<ContentSummary | undefined> {
  const { docsIndex, findDoc } = await import('./docs');
  const page = slug === undefined ? docsIndex : findDoc(slug);
  return page && { title: page.title, description: page.description, path: page.path };
}

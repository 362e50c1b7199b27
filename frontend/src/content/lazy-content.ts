import type { LegalPage } from './legal';

/**
 * What a route's loader and head need of a content page. The pages themselves load on demand,
 * so the text of the legal pages never lands in the entry chunk.
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

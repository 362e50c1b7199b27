/** Pages a search engine should index, besides the resources (the server adds those by slug). */
const STATIC_PUBLIC_PATHS = ['/', '/obsidian-ai-plugin', '/resources', '/sessions', '/terms', '/privacy', '/refund-policy', '/status', '/contact'];

export async function publicPaths(): Promise<string[]> {
  const { docSummaries } = await import('../content/docs');
  return [...STATIC_PUBLIC_PATHS, ...docSummaries.map((page) => page.path)];
}

/** Never indexed: private to a signed-in customer, or reached from an email. */
export const NOINDEX_PATHS = ['/dashboard', '/checkout', '/manage-email', '/admin', '/learn'];

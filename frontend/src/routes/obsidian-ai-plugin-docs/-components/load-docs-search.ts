type DocsSearchModule = typeof import('./docs-search');

let loading: Promise<DocsSearchModule> | undefined;

/** The search index's chunk, fetched once (on first use or when the browser is idle). */
export function loadDocsSearch(): Promise<DocsSearchModule> {
  loading ??= import('./docs-search').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { docArticles } from '../../content/docs';
import { searchReader, text } from '../../lib/search-params';
import { pageHead } from '../../lib/seo';
import { DocArticle } from './-components/DocArticle';
import type { DocSearchHit } from './-components/docs-search';
import { loadDocsSearch } from './-components/load-docs-search';

const readSearch = searchReader({ q: text({ trim: true, max: 120 }) });

export const Route = createFileRoute('/obsidian-ai-plugin-docs/')({
  // `q` comes from the search form when JavaScript has not loaded: results render on the server.
  validateSearch: readSearch,
  loaderDeps: ({ search }) => ({ q: search.q }),
  loader: async ({ deps }) => {
    // Loaded here, not imported above, so the docs list stays out of the entry chunk.
    const { docsIndex, loadDocPage } = await import('../../content/docs');
    return deps.q
      ? { kind: 'search' as const, summary: docsIndex, hits: (await loadDocsSearch()).searchDocs(deps.q, 20) }
      : { kind: 'home' as const, summary: docsIndex, page: await loadDocPage('index') };
  },
  head: (ctx) =>
    pageHead(ctx, {
      title: ctx.loaderData?.summary?.title ?? 'Documentation',
      description: ctx.loaderData?.summary?.description ?? 'How to install, set up and get the most out of SystemSculpt AI in Obsidian.',
      path: '/obsidian-ai-plugin-docs',
    }),
  component: DocsHome,
});

function DocsHome() {
  const { q } = Route.useSearch();
  const data = Route.useLoaderData();
  if (q && data.kind === 'search') return <SearchResults query={q} hits={data.hits} />;
  return (
    <>
      {data.kind === 'home' && data.page ? <DocArticle page={data.page} next={docArticles[0]} /> : null}
      <section aria-labelledby="all-pages" className="mt-14">
        <h2 id="all-pages" className="text-xl font-semibold text-ink">
          All pages
        </h2>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {docArticles.map((page) => (
            <li key={page.slug}>
              <Link
                to={page.path as '/'}
                className="group flex h-full flex-col rounded-xl border border-line bg-surface-raised p-4 transition-colors hover:border-accent-400/60"
              >
                <span className="flex items-center justify-between font-medium text-ink">
                  {page.title}
                  <ArrowRight aria-hidden="true" className="size-4 text-ink-subtle transition-transform group-hover:translate-x-0.5" />
                </span>
                <span className="mt-1 text-sm text-ink-subtle">{page.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function SearchResults({ query, hits }: { query: string; hits: DocSearchHit[] }) {
  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title" className="text-3xl font-semibold tracking-tight text-ink">
        Search results for “{query}”
      </h1>
      {hits.length === 0 ? (
        <p className="mt-6 text-ink-muted">
          No pages match. Try fewer or different words, or{' '}
          <Link to="/obsidian-ai-plugin-docs" className="text-accent-300 hover:underline">
            browse all pages
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {hits.map((hit) => (
            <li key={hit.page.slug}>
              <Link
                to={hit.page.path as '/'}
                hash={hit.anchor}
                className="block rounded-xl border border-line bg-surface-raised p-4 hover:border-accent-400/60"
              >
                <span className="font-medium text-ink">{hit.page.title}</span>
                <span className="mt-1 block text-sm text-ink-subtle">{hit.snippet}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

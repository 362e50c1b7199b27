import { createFileRoute, notFound } from '@tanstack/react-router';
import { findDoc, neighbours } from '../../content/docs';
import { loadDocSummary } from '../../content/lazy-content';
import { pageHead } from '../../lib/seo';
import { DocArticle } from './-components/DocArticle';

export const Route = createFileRoute('/obsidian-ai-plugin-docs/$slug')({
  loader: async ({ params }) => {
    const summary = await loadDocSummary(params.slug);
    if (!summary) throw notFound();
    return summary;
  },
  head: (ctx) => (ctx.loaderData ? pageHead(ctx, { ...ctx.loaderData, title: `${ctx.loaderData.title} · Docs`, ogType: 'article' }) : {}),
  component: DocRoute,
});

function DocRoute() {
  const { slug } = Route.useParams();
  const page = findDoc(slug);
  if (!page) return null;
  return <DocArticle page={page} {...neighbours(slug)} />;
}

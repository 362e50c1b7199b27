import { createFileRoute, notFound } from '@tanstack/react-router';
import { neighbours } from '../../content/docs';
import { pageHead } from '../../lib/seo';
import { DocArticle } from './-components/DocArticle';

export const Route = createFileRoute('/obsidian-ai-plugin-docs/$slug')({
  loader: async ({ params }) => {
    // Loaded here, not imported above, so the docs list stays out of the entry chunk.
    const { findDoc, loadDocPage } = await import('../../content/docs');
    const page = findDoc(params.slug) && (await loadDocPage(params.slug));
    if (!page) throw notFound();
    return { page };
  },
  head: (ctx) => {
    const page = ctx.loaderData?.page;
    return page ? pageHead(ctx, { title: `${page.title} · Docs`, description: page.description, path: page.path, ogType: 'article' }) : {};
  },
  component: DocRoute,
});

function DocRoute() {
  const { page } = Route.useLoaderData();
  return <DocArticle page={page} {...neighbours(page.slug)} />;
}

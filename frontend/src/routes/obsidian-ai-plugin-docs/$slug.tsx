import { createFileRoute, notFound } from '@tanstack/react-router';
import { findDoc, neighbours } from '../../content/docs';
import { pageHead } from '../../lib/seo';
import { DocArticle } from './-components/DocArticle';

export const Route = createFileRoute('/obsidian-ai-plugin-docs/$slug')({
  loader: ({ params }) => {
    const page = findDoc(params.slug);
    if (!page) throw notFound();
    return { slug: page.slug };
  },
  head: (ctx) => {
    const page = ctx.loaderData ? findDoc(ctx.loaderData.slug) : undefined;
    if (!page) return {};
    return pageHead(ctx, { title: `${page.title} · Docs`, description: page.description, path: page.path, ogType: 'article' });
  },
  component: DocRoute,
});

function DocRoute() {
  const { slug } = Route.useLoaderData();
  const page = findDoc(slug);
  if (!page) return null;
  return <DocArticle page={page} {...neighbours(slug)} />;
}

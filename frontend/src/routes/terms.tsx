import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../components/content/LegalDocument';
import { legalPage, legalSummary } from '../content/legal';
import source from '../content/legal/terms.md?page';
import { pageHead } from '../lib/seo';

const page = legalPage('terms', source);

export const Route = createFileRoute('/terms')({
  loader: () => legalSummary(page),
  head: (ctx) => (ctx.loaderData ? pageHead(ctx, ctx.loaderData) : {}),
  component: () => <LegalDocument page={page} />,
});

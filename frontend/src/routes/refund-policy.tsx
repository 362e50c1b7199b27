import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../components/content/LegalDocument';
import { legalPage, legalSummary } from '../content/legal';
import source from '../content/legal/refund-policy.md?page';
import { pageHead } from '../lib/seo';

const page = legalPage('refund-policy', source);

export const Route = createFileRoute('/refund-policy')({
  loader: () => legalSummary(page),
  head: (ctx) => (ctx.loaderData ? pageHead(ctx, ctx.loaderData) : {}),
  component: () => <LegalDocument page={page} />,
});

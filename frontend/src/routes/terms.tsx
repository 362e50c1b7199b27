import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../components/content/LegalDocument';
import { legalPage } from '../content/legal';
import { loadLegalSummary } from '../content/lazy-content';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/terms')({
  loader: () => loadLegalSummary('terms'),
  head: (ctx) => (ctx.loaderData ? pageHead(ctx, ctx.loaderData) : {}),
  component: () => <LegalDocument page={legalPage('terms')} />,
});

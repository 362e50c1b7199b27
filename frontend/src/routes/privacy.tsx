import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../components/content/LegalDocument';
import { legalPage } from '../content/legal';
import { loadLegalSummary } from '../content/lazy-content';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/privacy')({
  loader: () => loadLegalSummary('privacy'),
  head: (ctx) => (ctx.loaderData ? pageHead(ctx, ctx.loaderData) : {}),
  component: () => <LegalDocument page={legalPage('privacy')} />,
});

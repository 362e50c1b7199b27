import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../components/content/LegalDocument';
import { legalPage, legalSummary } from '../content/legal';
import source from '../content/legal/privacy.md?page';
import { pageHead } from '../lib/seo';

const page = legalPage('privacy', source);

export const Route = createFileRoute('/privacy')({
  loader: () => legalSummary(page),
  head: (ctx) => (ctx.loaderData ? pageHead(ctx, ctx.loaderData) : {}),
  component: () => <LegalDocument page={page} />,
});

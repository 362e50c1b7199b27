import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../components/content/LegalDocument';
import { legalPage } from '../content/legal';
import { pageHead } from '../lib/seo';

const page = legalPage('privacy');

export const Route = createFileRoute('/privacy')({
  head: (ctx) => pageHead(ctx, { title: page.title, description: page.description, path: '/privacy' }),
  component: () => <LegalDocument page={page} />,
});

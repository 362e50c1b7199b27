import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../components/content/LegalDocument';
import { legalPage } from '../content/legal';
import { pageHead } from '../lib/seo';

const page = legalPage('terms');

export const Route = createFileRoute('/terms')({
  head: (ctx) => pageHead(ctx, { title: page.title, description: page.description, path: '/terms' }),
  component: () => <LegalDocument page={page} />,
});

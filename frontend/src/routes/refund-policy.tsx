import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../components/content/LegalDocument';
import { legalPage } from '../content/legal';
import { pageHead } from '../lib/seo';

const page = legalPage('refund-policy');

export const Route = createFileRoute('/refund-policy')({
  head: (ctx) => pageHead(ctx, { title: page.title, description: page.description, path: '/refund-policy' }),
  component: () => <LegalDocument page={page} />,
});

import { createFileRoute, Outlet } from '@tanstack/react-router';
import { oneOf, searchReader } from '../../lib/search-params';
import { pageHead } from '../../lib/seo';

const readSearch = searchReader({ signin: oneOf(['failed']) });

export const Route = createFileRoute('/admin')({
  validateSearch: readSearch,
  head: (ctx) => pageHead(ctx, { title: 'Administration', description: 'Event history, read models and replays.', path: '/admin', noindex: true }),
  component: Outlet,
});

import { createFileRoute, Outlet } from '@tanstack/react-router';
import { z } from 'zod';
import { pageHead } from '../../lib/seo';

export const Route = createFileRoute('/admin')({
  validateSearch: z.object({ signin: z.enum(['failed']).optional().catch(undefined) }),
  head: (ctx) => pageHead(ctx, { title: 'Administration', description: 'Event history, read models and replays.', path: '/admin', noindex: true }),
  component: Outlet,
});

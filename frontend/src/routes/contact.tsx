import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BookOpen, LifeBuoy, Mail } from 'lucide-react';
import { ContactForm } from '../components/contact/ContactForm';
import { NavLink } from '../components/ui/NavLink';
import { oneOf, searchReader, text } from '../lib/search-params';
import { pageHead } from '../lib/seo';
import { contactTokenQuery } from '../queries/contact';
import { siteInfoQuery } from '../queries/site';

const readSearch = searchReader({
  /** Set when a form posted without JavaScript comes back. */
  status: oneOf(['sent', 'error']),
  reason: text({ max: 60 }),
});

export const Route = createFileRoute('/contact')({
  validateSearch: readSearch,
  // A fresh form token on every visit, never one from the cache.
  loader: ({ context }) => context.queryClient.fetchQuery({ ...contactTokenQuery(), staleTime: 0 }),
  staleTime: 0,
  gcTime: 0,
  head: (ctx) =>
    pageHead(ctx, {
      title: 'Contact us',
      description: 'Questions about SystemSculpt AI, billing, license keys or sessions? Write to us and a person answers within two business days.',
      path: '/contact',
    }),
  component: ContactPage,
});

function ContactPage() {
  const { token, draft } = useSuspenseQuery(contactTokenQuery()).data;
  const { status, reason } = Route.useSearch();
  const { supportEmail } = useSuspenseQuery(siteInfoQuery()).data;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Contact us</h1>
        <p className="mt-4 text-lg text-ink-muted">
          Questions about the plugin, your license, billing or a session? Write to us: a person reads every message and answers within two business days.
        </p>
      </div>
      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ContactForm csrfToken={token} outcome={status ? { status, reason } : undefined} draft={draft} />
        <aside aria-label="Other ways to get help" className="space-y-6 text-sm">
          <HelpItem icon={<BookOpen aria-hidden className="size-5 text-accent-300" />} title="Documentation">
            Setup, settings and every feature, explained.{' '}
            <NavLink href="/obsidian-ai-plugin-docs" className="text-accent-300 underline underline-offset-4 hover:text-accent-200">
              Read the docs
            </NavLink>
          </HelpItem>
          <HelpItem icon={<LifeBuoy aria-hidden className="size-5 text-accent-300" />} title="Troubleshooting">
            Fixes for the most common problems.{' '}
            <NavLink href="/obsidian-ai-plugin-docs/troubleshooting" className="text-accent-300 underline underline-offset-4 hover:text-accent-200">
              Find a fix
            </NavLink>
          </HelpItem>
          <HelpItem icon={<Mail aria-hidden className="size-5 text-accent-300" />} title="Email">
            Prefer your own mail app? Write to{' '}
            <a href={`mailto:${supportEmail}`} className="text-accent-300 underline underline-offset-4 hover:text-accent-200">
              {supportEmail}
            </a>
            .
          </HelpItem>
        </aside>
      </div>
    </div>
  );
}

function HelpItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <div className="mt-0.5">{icon}</div>
      <div>
        <h2 className="font-medium text-ink">{title}</h2>
        <p className="mt-1 text-ink-muted">{children}</p>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

const TABS = [
  { to: '/admin', label: 'Read models', exact: true },
  { to: '/admin/events', label: 'Events', exact: false },
  { to: '/admin/streams', label: 'Streams', exact: false },
  { to: '/admin/webhooks', label: 'Stripe webhooks', exact: false },
  { to: '/admin/disputes', label: 'Disputes', exact: false },
  { to: '/admin/audit', label: 'Audit log', exact: false },
  { to: '/admin/library', label: 'Library', exact: false },
  { to: '/admin/tax-report', label: 'Tax report', exact: false },
  { to: '/admin/promotions', label: 'Promotions', exact: false },
] as const;

/** The signed-in admin chrome: section tabs and sign-out. */
export function AdminFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-10 pb-20 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <nav aria-label="Administration" className="flex flex-wrap gap-1 rounded-xl border border-line bg-surface-raised p-1">
          {TABS.map((tab) => (
            <Link
              key={tab.to}
              to={tab.to}
              activeOptions={{ exact: tab.exact, includeSearch: false }}
              className="rounded-lg px-3 py-1.5 text-sm text-ink-muted hover:text-ink aria-[current=page]:bg-accent-600/20 aria-[current=page]:text-accent-200"
            >
              {tab.label}
            </Link>
          ))}
        </nav>
        <form method="post" action="/admin/session/end">
          <button type="submit" className="rounded-md px-2 py-1 text-sm text-ink-subtle hover:text-ink">
            Sign out
          </button>
        </form>
      </div>
      <h1 className="mt-8 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

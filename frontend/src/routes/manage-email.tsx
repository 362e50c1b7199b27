import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { EmailPreferencesPanel } from '../components/email/EmailPreferencesPanel';
import { RequestLinkForm } from '../components/email/RequestLinkForm';
import { oneOf, searchReader, text } from '../lib/search-params';
import { pageHead } from '../lib/seo';
import { emailPreferencesQuery } from '../queries/email';

const readSearch = searchReader({
  email: text({ trim: true, max: 254 }),
  token: text({ trim: true, max: 200 }),
  /** Set when a change posted without JavaScript comes back. */
  status: oneOf(['sent', 'error']),
  reason: text({ max: 60 }),
});

const PROBLEMS = {
  missing: {
    title: 'Manage your emails',
    body: 'To change which emails you get, open the “Manage your emails” link at the bottom of any email from us, or ask for a fresh link below.',
  },
  invalid: {
    title: "This link doesn't work",
    body: 'It may have been cut short when it was copied, or it belongs to another address. Ask for a fresh link and we will email it to you.',
  },
  expired: { title: 'This link has expired', body: 'Links to manage your emails work for 60 days. Ask for a fresh one and we will email it to you.' },
} as const;

export const Route = createFileRoute('/manage-email')({
  validateSearch: readSearch,
  loaderDeps: ({ search }) => ({ email: search.email, token: search.token }),
  // Read afresh on every visit: the preferences may have changed from another email's link.
  loader: ({ context, deps }) => context.queryClient.fetchQuery({ ...emailPreferencesQuery(deps), staleTime: 0 }),
  staleTime: 0,
  gcTime: 0,
  head: (ctx) =>
    pageHead(ctx, {
      title: 'Email preferences',
      description: 'Choose which SystemSculpt emails you get, or unsubscribe from them all.',
      path: '/manage-email',
      noindex: true,
    }),
  component: ManageEmailPage,
});

function ManageEmailPage() {
  const { email, token, status, reason } = Route.useSearch();
  const { data } = useSuspenseQuery(emailPreferencesQuery({ email, token }));
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-16 sm:px-6 sm:py-24">
      {data.status === 'ok' ? (
        <>
          <h1 className="text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Email preferences</h1>
          <p className="mt-3 text-ink-muted">
            For <strong className="break-all text-ink">{data.email}</strong>. Changes are saved as you make them.
          </p>
          <div className="mt-10">
            <EmailPreferencesPanel initial={data} token={token ?? ''} outcome={status ? { status, reason } : undefined} />
          </div>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{PROBLEMS[data.reason].title}</h1>
          <p className="mt-3 text-ink-muted">{PROBLEMS[data.reason].body}</p>
          <div className="mt-10 rounded-2xl border border-line bg-surface-raised p-6 sm:p-8">
            <RequestLinkForm initialEmail={data.email} />
          </div>
        </>
      )}
    </div>
  );
}

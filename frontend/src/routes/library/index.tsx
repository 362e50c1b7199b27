import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CallToAction } from '../../components/ui/CallToAction';
import { pageHead } from '../../lib/seo';
import { libraryQuery } from '../../queries/library';
import { LibraryItemRow } from './-components/LibraryItemRow';

export const Route = createFileRoute('/library/')({
  // getLibrary sends a signed-out visitor to sign in and back here.
  loader: ({ context }) => context.queryClient.ensureQueryData(libraryQuery()),
  head: (ctx) =>
    pageHead(ctx, {
      title: 'Your library',
      description: 'Everything on your SystemSculpt account: templates, bundles, ebooks, courses and sessions.',
      path: '/library',
      noindex: true,
    }),
  component: LibraryPage,
});

function LibraryPage() {
  const { data } = useSuspenseQuery(libraryQuery());
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight text-ink">Your library</h1>
        <p className="mt-2 max-w-2xl text-ink-muted">
          Everything you can open: what you bought, what you added free, and what comes with your plan. Downloads are always the newest version.
        </p>
      </header>
      {data.items.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-line-strong p-8 text-center">
          <h2 className="font-medium text-ink">Nothing here yet</h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-ink-muted">
            Templates, bundles, ebooks and courses you buy or add free appear here, ready to download or open.
          </p>
          <CallToAction to="/resources" className="mt-5">
            Browse resources
          </CallToAction>
        </div>
      ) : (
        <ul className="mt-8 divide-y divide-line rounded-2xl border border-line bg-surface-raised" aria-label="In your library" data-testid="library-items">
          {data.items.map((item) => (
            <LibraryItemRow key={item.resource.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { BookOpen, CalendarClock, ChevronRight, Gift, ShoppingCart, Sparkles } from 'lucide-react';
import type { Resource } from '@contracts/catalog/resource';
import { checkoutHref, isFree, resourceSummary } from '@contracts/catalog/resource-rules';
import type { LibraryItem } from '@contracts/library/library.contract';
import { ResourceCover } from '../../components/catalog/ResourceCover';
import { CourseProgressLink } from '../../components/courses/CourseProgressLink';
import { TypeBadge } from '../../components/catalog/TypeBadge';
import { accessNote, formatBytes } from '../../components/library/library-labels';
import { CallToAction } from '../../components/ui/CallToAction';
import { formatDay } from '../../lib/dates';
import { pageHead } from '../../lib/seo';
import { SITE_NAME } from '../../lib/site';
import { courseProgressQuery } from '../../queries/courses';
import { libraryItemQuery } from '../../queries/library';
import { DownloadButton } from './-components/DownloadButton';

export const Route = createFileRoute('/library/$resourceId')({
  // getLibraryItem sends a signed-out visitor to sign in and back; an unknown id is the 404 screen.
  loader: async ({ context, params }) => {
    const view = await context.queryClient.ensureQueryData(libraryItemQuery(params.resourceId));
    // A course shows how far the account is through it.
    if (view.status === 'open' && view.item.lessonCount > 0) await context.queryClient.ensureQueryData(courseProgressQuery());
    return { title: view.status === 'open' ? view.item.resource.title : view.resource.title };
  },
  head: (ctx) =>
    pageHead(ctx, {
      title: ctx.loaderData?.title ?? 'Your library',
      description: 'A resource in your SystemSculpt library.',
      path: `/library/${encodeURIComponent(ctx.params.resourceId)}`,
      noindex: true,
    }),
  component: LibraryItemPage,
});

function LibraryItemPage() {
  const { resourceId } = Route.useParams();
  const { data: view } = useSuspenseQuery(libraryItemQuery(resourceId));
  const resource = view.status === 'open' ? view.item.resource : view.resource;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <nav aria-label="Breadcrumb">
        <ol className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
          <li className="inline-flex items-center gap-2">
            <Link to="/library" className="rounded text-ink-subtle transition-colors hover:text-ink">
              Your library
            </Link>
            <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-ink-subtle/70" />
          </li>
          <li className="min-w-0">
            <span aria-current="page" className="block truncate font-medium text-ink">
              {resource.title}
            </span>
          </li>
        </ol>
      </nav>
      <header className="mt-6 grid items-center gap-6 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <ResourceCover resource={resource} className="rounded-xl border border-line-strong max-sm:hidden" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <TypeBadge type={resource.type} />
            {view.status === 'open' ? <span className="text-xs text-ink-subtle">{accessNote(view.item)}</span> : null}
          </div>
          <h1 className="mt-3 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{resource.title}</h1>
          <p className="mt-2 text-ink-muted">{resourceSummary(resource, SITE_NAME)}</p>
        </div>
      </header>
      <div className="mt-10">{view.status === 'open' ? <OpenItem item={view.item} /> : <NotYours resource={resource} message={view.message} />}</div>
    </div>
  );
}

function OpenItem({ item }: { item: LibraryItem }) {
  return (
    <div className="space-y-8">
      {item.lessonCount > 0 ? (
        <section
          aria-labelledby="course-title"
          className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <div>
            <h2 id="course-title" className="text-lg font-semibold text-ink">
              The course
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              {item.lessonCount} {item.lessonCount === 1 ? 'lesson' : 'lessons'}, read at your own pace; your progress is kept.
            </p>
            <CourseProgressLink resourceId={item.resource.id} className="mt-2" />
          </div>
          <CallToAction to="/learn/$resourceId" params={{ resourceId: item.resource.id }} size="lg" className="w-full sm:w-auto">
            <BookOpen aria-hidden="true" />
            Open course
          </CallToAction>
        </section>
      ) : null}
      {item.kind === 'session' ? (
        <section
          aria-labelledby="session-title"
          className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <div>
            <h2 id="session-title" className="text-lg font-semibold text-ink">
              Your session
            </h2>
            <p className="mt-1 text-sm text-ink-muted">Pick a time on the sessions page; the confirmation and meeting link come by email.</p>
          </div>
          <CallToAction to="/sessions" size="lg" className="w-full sm:w-auto">
            <CalendarClock aria-hidden="true" />
            Book a time
          </CallToAction>
        </section>
      ) : null}
      {item.files.length > 0 ? (
        <section aria-labelledby="files-title">
          <h2 id="files-title" className="text-lg font-semibold text-ink">
            Files
          </h2>
          <ul className="mt-4 divide-y divide-line rounded-2xl border border-line bg-surface-raised" data-testid="library-files">
            {item.files.map((file) => (
              <li key={file.name} className="flex flex-col gap-4 px-4 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-5">
                <div className="min-w-0">
                  <h3 className="font-medium text-ink">{file.title}</h3>
                  {file.description ? <p className="mt-1 text-sm text-ink-muted">{file.description}</p> : null}
                  <p className="mt-2 text-xs break-all text-ink-subtle">
                    {file.name} · {formatBytes(file.bytes)} · version {file.version}, {formatDay(file.publishedAt)}
                  </p>
                  <p className="mt-1 text-xs text-ink-subtle">
                    {file.lastDownloadedAt ? `Last downloaded ${formatDay(file.lastDownloadedAt)}` : 'Not downloaded yet'}
                  </p>
                </div>
                <DownloadButton resourceId={item.resource.id} fileName={file.name} label={file.title} />
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-ink-subtle">
            Each download link is made for you when you press the button and works for a few minutes, so links cannot be shared.
          </p>
        </section>
      ) : item.kind === 'files' ? (
        <p className="rounded-2xl border border-dashed border-line-strong p-6 text-sm text-ink-muted">
          The files of {item.resource.title} are being prepared. Check back shortly, or{' '}
          <Link to="/contact" className="text-accent-300 hover:underline">
            contact support
          </Link>{' '}
          if they do not appear.
        </p>
      ) : null}
    </div>
  );
}

function NotYours({ resource, message }: { resource: Resource; message: string }) {
  const wide = 'w-full sm:w-auto';
  const action =
    resource.type === 'session' ? (
      <CallToAction to="/sessions" size="lg" className={wide}>
        <CalendarClock aria-hidden="true" />
        Choose a time
      </CallToAction>
    ) : resource.accessType === 'subscription' ? (
      <CallToAction to="/obsidian-ai-plugin" size="lg" className={wide}>
        <Sparkles aria-hidden="true" />
        See plans
      </CallToAction>
    ) : (
      <CallToAction href={checkoutHref(resource.id)} size="lg" className={wide}>
        {isFree(resource) ? <Gift aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
        {isFree(resource) ? 'Get it free' : 'Buy'}
      </CallToAction>
    );
  return (
    <section aria-labelledby="not-yours-title" className="rounded-2xl border border-line bg-surface-raised p-5 sm:p-6">
      <h2 id="not-yours-title" className="text-lg font-semibold text-ink">
        Not in your library yet
      </h2>
      <p className="mt-2 text-ink-muted">{message}</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        {action}
        <CallToAction to="/resources/$resourceId" params={{ resourceId: resource.slug }} variant="secondary" size="lg" className={wide}>
          See what's included
        </CallToAction>
      </div>
    </section>
  );
}

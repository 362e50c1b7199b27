import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import type { DashboardData } from '@contracts/dashboard/dashboard.contract';
import type { LibraryItem } from '@contracts/library/library.contract';
import { TypeBadge } from '../../../components/catalog/TypeBadge';
import { CoursesPanel } from '../../../components/courses/CoursesPanel';
import { accessNote, contentsNote, openLabel } from '../../../components/library/library-labels';
import { CallToAction } from '../../../components/ui/CallToAction';
import { formatDay } from '../../../lib/dates';
import { libraryQuery } from '../../../queries/library';
import { EmptyState, Panel } from './Panel';

function ResourceRow({ item }: { item: LibraryItem }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={item.resource.type} />
          <h3 className="font-medium text-ink">{item.resource.title}</h3>
        </div>
        <p className="mt-1 text-sm text-ink-muted">{contentsNote(item)}</p>
        <p className="mt-1 text-xs text-ink-subtle">
          {accessNote(item)}
          {item.lastDownloadedAt ? ` · Last downloaded ${formatDay(item.lastDownloadedAt)}` : ''}
        </p>
      </div>
      <CallToAction
        to="/library/$resourceId"
        params={{ resourceId: item.resource.id }}
        aria-label={`${openLabel(item)} ${item.resource.title}`}
        variant={item.kind === 'files' ? 'primary' : 'secondary'}
        size="sm"
        className="w-full shrink-0 sm:w-auto"
      >
        {openLabel(item)}
        <ArrowRight aria-hidden="true" />
      </CallToAction>
    </li>
  );
}

/** What the account can open (bought, added free, with its plan or a seat), each leading to it in the library. */
export function ResourcesSection(_props: { data: DashboardData }) {
  const { data } = useSuspenseQuery(libraryQuery());
  const own = data.items.filter((i) => i.access === 'purchase' || i.access === 'free');
  const included = data.items.filter((i) => i.access === 'subscription' || i.access === 'seat');
  if (data.items.length === 0) {
    return (
      <EmptyState title="No resources yet">
        <p>Templates, courses, ebooks and bundles you get appear here, ready to download or open.</p>
        <CallToAction to="/resources" className="mt-4">
          Browse resources
        </CallToAction>
      </EmptyState>
    );
  }
  const libraryLink = (
    <Link to="/library" className="inline-flex items-center gap-1 text-sm font-medium text-accent-300 hover:underline">
      Open your library
      <ArrowRight aria-hidden="true" className="size-3.5" />
    </Link>
  );
  return (
    <div className="space-y-6">
      <CoursesPanel />
      {own.length > 0 ? (
        <Panel title="Yours" labelledBy="owned-resources" action={libraryLink}>
          <ul className="divide-y divide-line rounded-xl border border-line" data-testid="owned-resources">
            {own.map((item) => (
              <ResourceRow key={item.resource.id} item={item} />
            ))}
          </ul>
        </Panel>
      ) : null}
      {included.length > 0 ? (
        <Panel title="Included with your plan" labelledBy="included-resources" action={own.length === 0 ? libraryLink : undefined}>
          <ul className="divide-y divide-line rounded-xl border border-line" data-testid="included-resources">
            {included.map((item) => (
              <ResourceRow key={item.resource.id} item={item} />
            ))}
          </ul>
        </Panel>
      ) : null}
    </div>
  );
}

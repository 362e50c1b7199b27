import { Link } from '@tanstack/react-router';
import type { DashboardData } from '../../../../../contracts/dashboard/dashboard.contract';
import { resourceSummary } from '../../../../../contracts/catalog/resource-rules';
import type { Resource } from '../../../../../contracts/catalog/resource';
import { TypeBadge } from '../../../components/catalog/TypeBadge';
import { ButtonLink } from '../../../components/ui/Button';
import { formatDay } from '../../../lib/dates';
import { SITE_NAME } from '../../../lib/site';
import { EmptyState, Panel } from './Panel';

function ResourceRow({ resource, note }: { resource: Resource; note: string }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={resource.type} />
          <p className="font-medium text-ink">{resource.title}</p>
        </div>
        <p className="mt-1 text-sm text-ink-muted">{resourceSummary(resource, SITE_NAME)}</p>
        <p className="mt-1 text-xs text-ink-subtle">{note}</p>
      </div>
      <Link to="/resources/$resourceId" params={{ resourceId: resource.slug }} className="shrink-0 text-sm font-medium text-accent-300 hover:underline">
        Open {resource.title}
      </Link>
    </li>
  );
}

/** What the account can open: bought or free resources, and those that come with its plan. */
export function ResourcesSection({ data }: { data: DashboardData }) {
  const { owned, included } = data.resources;
  if (owned.length === 0 && included.length === 0) {
    return (
      <EmptyState title="No resources yet">
        <p>Templates, courses, ebooks and bundles you get appear here, with their links.</p>
        <ButtonLink to="/resources" className="mt-4">
          Browse resources
        </ButtonLink>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      {owned.length > 0 ? (
        <Panel title="Yours" labelledBy="owned-resources">
          <ul className="divide-y divide-line rounded-xl border border-line" data-testid="owned-resources">
            {owned.map(({ resource, source, grantedAt }) => (
              <ResourceRow key={resource.id} resource={resource} note={`${source === 'free' ? 'Added' : 'Bought'} ${formatDay(grantedAt)}`} />
            ))}
          </ul>
        </Panel>
      ) : null}
      {included.length > 0 ? (
        <Panel title="Included with your plan" labelledBy="included-resources">
          <ul className="divide-y divide-line rounded-xl border border-line">
            {included.map((resource) => (
              <ResourceRow key={resource.id} resource={resource} note="Yours while your plan is active" />
            ))}
          </ul>
        </Panel>
      ) : null}
    </div>
  );
}

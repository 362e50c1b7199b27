import type { Resource } from '@contracts/catalog/resource';
import { resourceSummary } from '@contracts/catalog/resource-rules';
import { PriceTag } from '../../../components/catalog/PriceTag';
import { ResourceCover } from '../../../components/catalog/ResourceCover';
import { TypeBadge } from '../../../components/catalog/TypeBadge';
import { SITE_NAME } from '../../../lib/site';

/** The item of a checkout: cover, type, title, summary and price. */
export function OrderHeader({ resource }: { resource: Resource }) {
  return (
    <div className="flex flex-col gap-6 p-6 sm:flex-row sm:p-8">
      <ResourceCover resource={resource} className="h-32 w-full shrink-0 rounded-xl sm:w-44" />
      <div className="min-w-0 flex-1">
        <TypeBadge type={resource.type} />
        <h2 id="order-heading" className="mt-2 text-xl font-semibold text-ink">
          {resource.title}
        </h2>
        <p className="mt-2 text-sm text-ink-muted">{resourceSummary(resource, SITE_NAME)}</p>
        <PriceTag resource={resource} className="mt-3" />
      </div>
    </div>
  );
}

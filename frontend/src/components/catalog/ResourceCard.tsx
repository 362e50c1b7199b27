import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { resourceSummary } from '@contracts/catalog/resource-rules';
import type { Resource } from '@contracts/catalog/resource';
import { cx } from '../ui/cx';
import { PriceTag } from './PriceTag';
import { ResourceCover } from './ResourceCover';
import { TypeBadge } from './TypeBadge';

/** A catalog card: cover, type, title (the link to the detail page), summary and price. */
export function ResourceCard({
  resource,
  headingLevel: Heading = 'h2',
  className,
  priority = false,
}: {
  resource: Resource;
  headingLevel?: 'h2' | 'h3';
  className?: string;
  /** Load the cover at once: for the cards in the first screenful. */
  priority?: boolean;
}) {
  return (
    <article
      className={cx(
        'group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised/70 transition-[border-color,background-color,box-shadow] duration-200',
        'hover:border-accent-400/50 hover:bg-surface-raised hover:shadow-glow',
        'has-[a:focus-visible]:border-accent-300 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent-300',
        className,
      )}
    >
      <ResourceCover resource={resource} priority={priority} className="border-b border-line" />
      <div className="flex flex-1 flex-col p-5">
        <TypeBadge type={resource.type} className="self-start" />
        <Heading className="mt-3 text-base leading-snug font-semibold text-ink">
          <Link
            to="/resources/$resourceId"
            params={{ resourceId: resource.slug }}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {resource.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-ink-muted">{resourceSummary(resource, resource.title)}</p>
        <div className="mt-auto flex items-end justify-between gap-3 pt-5">
          <PriceTag resource={resource} size="sm" />
          <span aria-hidden="true" className="inline-flex items-center gap-1 text-xs font-medium text-ink-subtle transition-colors group-hover:text-accent-300">
            Details
            <ArrowRight className="size-3.5 transition-transform group-hover:translate-x-0.5" />
          </span>
        </div>
      </div>
    </article>
  );
}

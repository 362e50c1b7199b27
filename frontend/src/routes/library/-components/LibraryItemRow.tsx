import { ArrowRight } from 'lucide-react';
import type { LibraryItem } from '@contracts/library/library.contract';
import { resourceSummary } from '@contracts/catalog/resource-rules';
import { TypeBadge } from '../../../components/catalog/TypeBadge';
import { accessNote, contentsNote, openLabel } from '../../../components/library/library-labels';
import { CallToAction } from '../../../components/ui/CallToAction';
import { formatDay } from '../../../lib/dates';
import { SITE_NAME } from '../../../lib/site';

/** One thing the account can open, with the button that leads to it in the library. */
export function LibraryItemRow({ item, headingLevel: Heading = 'h2' }: { item: LibraryItem; headingLevel?: 'h2' | 'h3' }) {
  const { resource } = item;
  return (
    <li className="flex flex-col gap-4 px-4 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-5">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={resource.type} />
          <span className="text-xs text-ink-subtle">{accessNote(item)}</span>
        </div>
        <Heading className="mt-2 text-base font-semibold text-ink">{resource.title}</Heading>
        <p className="mt-1 text-sm text-ink-muted">{resourceSummary(resource, SITE_NAME)}</p>
        <p className="mt-2 text-xs text-ink-subtle">
          {contentsNote(item)}
          {item.lastDownloadedAt ? ` · Last downloaded ${formatDay(item.lastDownloadedAt)}` : ''}
        </p>
      </div>
      <CallToAction
        to="/library/$resourceId"
        params={{ resourceId: resource.id }}
        variant={item.kind === 'files' ? 'primary' : 'secondary'}
        className="w-full shrink-0 sm:w-auto"
        aria-label={`${openLabel(item)} ${resource.title}`}
      >
        {openLabel(item)}
        <ArrowRight aria-hidden="true" />
      </CallToAction>
    </li>
  );
}

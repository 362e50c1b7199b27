import type { Resource } from '@contracts/catalog/resource';
import { cx } from '../ui/cx';
import { defaultCoverUrl } from './resource-facts';

/**
 * A resource's 16:9 cover. Decorative (the title sits beside it), so it has empty alt text; the
 * type's own art stands in when the catalog gives no image.
 */
export function ResourceCover({
  resource,
  className,
  priority = false,
}: {
  resource: Pick<Resource, 'imageUrl' | 'type'>;
  className?: string;
  priority?: boolean;
}) {
  return (
    <div className={cx('relative aspect-video overflow-hidden bg-surface-overlay', className)}>
      <img
        src={resource.imageUrl ?? defaultCoverUrl(resource.type)}
        alt=""
        width={640}
        height={360}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
    </div>
  );
}

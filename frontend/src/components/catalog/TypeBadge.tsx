import type { ResourceType } from '@contracts/catalog/resource';
import { cx } from '../ui/cx';
import { RESOURCE_TYPE_SINGULAR } from './resource-facts';

export function TypeBadge({ type, className }: { type: ResourceType; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full border border-accent-400/30 bg-accent-500/10 px-2.5 py-0.5 text-xs font-medium text-accent-200',
        className,
      )}
    >
      {RESOURCE_TYPE_SINGULAR[type]}
    </span>
  );
}

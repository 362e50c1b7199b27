import type { Entitlement } from '@contracts/entitlements/entitlement-sources';
import { headingParts } from './entitlement-wording';

/** An entitlement's title, after its kind in a quieter tone unless the title already starts with it. */
export function EntitlementHeading({ entitlement }: { entitlement: Pick<Entitlement, 'kind' | 'title'> }) {
  const { kind, title } = headingParts(entitlement);
  return kind ? (
    <>
      <span className="text-ink-subtle">{kind}:</span> {title}
    </>
  ) : (
    title
  );
}

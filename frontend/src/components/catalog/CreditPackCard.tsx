import { useId } from 'react';
import { Coins } from 'lucide-react';
import { checkoutHref, resourceSummary } from '@contracts/catalog/resource-rules';
import type { Resource } from '@contracts/catalog/resource';
import { CallToAction } from '../ui/CallToAction';
import { FeatureList } from './FeatureList';
import { PriceTag } from './PriceTag';

/** An add-on credit pack with its price and a button to checkout. */
export function CreditPackCard({ pack, headingLevel: Heading = 'h3' }: { pack: Resource; headingLevel?: 'h3' | 'h4' }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col rounded-2xl border border-line bg-surface-raised/70 p-6">
      <div className="flex items-start justify-between gap-4">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl border border-accent-400/25 bg-accent-500/10 text-accent-300">
          <Coins aria-hidden="true" className="size-5" />
        </span>
        <PriceTag resource={pack} size="md" />
      </div>
      <Heading id={titleId} className="mt-5 text-base font-semibold text-ink">
        {pack.title}
      </Heading>
      <p className="mt-2 text-sm leading-relaxed text-ink-muted">{resourceSummary(pack, pack.title)}</p>
      <FeatureList features={pack.metadata.features} className="mt-5" dense />
      <div className="mt-auto pt-6">
        <CallToAction href={checkoutHref(pack.id)} variant="secondary" className="w-full">
          Buy {pack.title}
        </CallToAction>
      </div>
    </article>
  );
}

import { Star } from 'lucide-react';
import { STRUCTURED_OFFER } from '../../lib/seo';
import { cx } from '../ui/cx';

/** The spec's rating (4.9 from 128 reviews), the same figures the structured data carries. */
export const RATING = { value: Number(STRUCTURED_OFFER.ratingValue), reviews: STRUCTURED_OFFER.reviewCount } as const;

function Stars({ value }: { value: number }) {
  return (
    <span aria-hidden="true" className="inline-flex items-center gap-0.5">
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.max(0, Math.min(1, value - index));
        return (
          <span key={index} className="relative inline-flex size-4">
            <Star className="size-4 text-accent-400/35" />
            <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star className="size-4 fill-accent-300 text-accent-300" />
            </span>
          </span>
        );
      })}
    </span>
  );
}

/** "★★★★★ Rated 4.9 from 128 reviews"; the stars are decoration, the sentence says it all. */
export function RatingSummary({ className }: { className?: string }) {
  return (
    <p className={cx('inline-flex flex-wrap items-center justify-center gap-x-2.5 gap-y-1 text-sm text-ink-muted', className)}>
      <Stars value={RATING.value} />
      <span>
        Rated <strong className="font-semibold text-ink">{RATING.value.toFixed(1)}</strong> from{' '}
        <strong className="font-semibold text-ink">{RATING.reviews}</strong> reviews
      </span>
    </p>
  );
}

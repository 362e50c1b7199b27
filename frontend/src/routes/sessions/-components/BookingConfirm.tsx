import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import { formatMoney } from '@contracts/catalog/number-format';
import type { OpenSlot, SessionType } from '@contracts/booking/booking.contract';
import { Button } from '../../../components/ui/Button';
import { formatDayLong, formatTime } from '../../../components/booking/slot-times';

export const sessionPrice = (type: Pick<SessionType, 'priceCents' | 'currency'>) =>
  type.priceCents === 0 ? 'Free' : formatMoney(type.priceCents, type.currency.toUpperCase());

/**
 * The step between choosing a time and paying: what, when (in the visitor's zone), how long, how
 * much, with whom, the policy and how long the time is held. Focus moves here when it opens.
 */
export function BookingConfirm({
  type,
  slot,
  zone,
  hostName,
  policy,
  holdMinutes,
  signedIn,
  pending,
  problem,
  onBook,
  onBack,
}: {
  type: SessionType;
  slot: OpenSlot;
  zone: string;
  hostName: string;
  policy: string;
  holdMinutes: number;
  signedIn: boolean;
  pending: boolean;
  problem: ReactNode;
  onBook(): void;
  onBack(): void;
}) {
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [slot.start]);

  const rows: Array<[string, string]> = [
    ['Session', type.title],
    ['When', `${formatDayLong(slot.start, zone)}, ${formatTime(slot.start, zone)} – ${formatTime(slot.end, zone)} (${zone})`],
    ['Length', `${type.minutes} minutes`],
    ['Price', type.priceCents === 0 ? sessionPrice(type) : `${sessionPrice(type)} plus VAT/GST where applicable`],
    ['With', hostName],
  ];

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-xl border border-accent-400/40 bg-surface-overlay/60 p-4 sm:p-5" data-testid="booking-confirm">
      <h3 id={`${ids}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold text-ink focus:outline-none">
        Book and pay
      </h3>
      <dl className="mt-3 grid grid-cols-[5rem_1fr] gap-x-3 gap-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-subtle">{term}</dt>
            <dd className="min-w-0 break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-ink-muted">{policy}</p>
      <p className="mt-2 text-sm text-ink-muted">
        We hold this time for you for {holdMinutes} minutes while you pay.{signedIn ? '' : ' You sign in or create an account first; your choice is kept.'}
      </p>
      {problem ? <div className="mt-4">{problem}</div> : null}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" className="sm:flex-1" onClick={onBook} disabled={pending} aria-busy={pending}>
          {pending ? 'Opening secure checkout…' : 'Book and pay'}
        </Button>
        <Button size="lg" variant="secondary" onClick={onBack} disabled={pending}>
          Choose another time
        </Button>
      </div>
      <p className="mt-3 flex items-center justify-center gap-2 text-xs text-ink-subtle">
        <ShieldCheck aria-hidden="true" className="size-4" /> Payment is handled by Stripe; we never see your card.
      </p>
    </section>
  );
}

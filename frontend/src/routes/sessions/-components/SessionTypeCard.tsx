import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Clock } from 'lucide-react';
import type { OpenSlot, SessionType } from '@contracts/booking/booking.contract';
import { FeatureList } from '../../../components/catalog/FeatureList';
import { NavLink } from '../../../components/ui/NavLink';
import { sessionPrice } from './BookingConfirm';
import { SlotPicker } from '../../../components/booking/SlotPicker';

/** One kind of session: what it is, its length and price, and its open times. */
export function SessionTypeCard({
  type,
  zone,
  chosenStart,
  onChoose,
  busy,
  notice,
  showSlots,
  children,
}: {
  type: SessionType;
  zone: string;
  chosenStart: string | null;
  onChoose(slot: OpenSlot): void;
  busy: boolean;
  /** Said near the times, e.g. that the time just chosen was taken. */
  notice: ReactNode;
  /** False when no session has any open time (the page says so once). */
  showSlots: boolean;
  /** The confirm step, when a time of this session is chosen. */
  children?: ReactNode;
}) {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-2xl border border-line bg-surface-raised p-5 shadow-panel sm:p-8" data-testid="session-type">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={`${ids}-title`} className="text-xl font-semibold text-ink sm:text-2xl">
            {type.title}
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-ink-muted sm:text-base">{type.summary}</p>
        </div>
        <div className="flex shrink-0 items-baseline gap-3 sm:flex-col sm:items-end sm:gap-1">
          <p className="text-2xl font-semibold text-ink tabular-nums">{sessionPrice(type)}</p>
          <p className="inline-flex items-center gap-1.5 text-sm text-ink-subtle">
            <Clock aria-hidden="true" className="size-4" />
            {type.minutes} minutes
          </p>
        </div>
      </div>
      <FeatureList features={type.features} className="mt-5" columns />

      {showSlots ? (
        <div className="mt-6 space-y-5 border-t border-line pt-6">
          {notice ? <FocusedNotice>{notice}</FocusedNotice> : null}
          {type.slots.length ? (
            <SlotPicker slots={type.slots} zone={zone} label={type.title} chosenStart={chosenStart} onChoose={onChoose} disabled={busy} />
          ) : (
            <p className="text-sm text-ink-muted">
              No open times for this session right now.{' '}
              <NavLink href="/contact" className="font-medium text-accent-300 underline-offset-4 hover:underline">
                Write to us
              </NavLink>{' '}
              and we will find one.
            </p>
          )}
          {children}
        </div>
      ) : null}
    </section>
  );
}

/** Takes the focus when it appears: the control the visitor was on (the confirm step) is gone. */
function FocusedNotice({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="focus:outline-none">
      {children}
    </div>
  );
}

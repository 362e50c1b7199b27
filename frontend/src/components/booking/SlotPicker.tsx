import { useId, useMemo, useState } from 'react';
import type { OpenSlot } from '@contracts/booking/booking.contract';
import { cx } from '../ui/cx';
import { formatTime, groupSlotsByDay } from './slot-times';

const CHIP = 'rounded-lg border text-sm font-medium tabular-nums transition-colors focus-visible:outline-offset-2 disabled:opacity-60';
const ACTIVE = 'border-accent-400 bg-accent-600 text-white';
const IDLE = 'border-line-strong bg-surface-overlay/60 text-ink hover:border-accent-400/60 hover:bg-surface-overlay';

/**
 * Open times grouped by day in the visitor's zone: a row of days, then the chosen day's times.
 * Every time is a real button whose name says the day and the time (an aria-label: a visually
 * hidden part would be read with a stray space before its comma).
 */
export function SlotPicker({
  slots,
  zone,
  label,
  chosenStart,
  onChoose,
  disabled = false,
}: {
  slots: readonly OpenSlot[];
  zone: string;
  /** What the times are for ("30-minute setup session"), to name the groups. */
  label: string;
  chosenStart: string | null;
  onChoose(slot: OpenSlot): void;
  disabled?: boolean;
}) {
  const ids = useId();
  const days = useMemo(() => groupSlotsByDay(slots, zone), [slots, zone]);
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const chosenDay = chosenStart ? days.find((d) => d.slots.some((s) => s.start === chosenStart))?.key : undefined;
  // The picked day, else the chosen time's day, else the first day (the zone can change the keys).
  const day = days.find((d) => d.key === pickedDay) ?? days.find((d) => d.key === chosenDay) ?? days[0];
  if (!day) return null;

  return (
    <div className="space-y-4">
      <div>
        <p id={`${ids}-days`} className="text-sm font-medium text-ink">
          Pick a day
        </p>
        <div
          role="group"
          aria-labelledby={`${ids}-days`}
          aria-describedby={`${ids}-days-for`}
          className="-mx-1 mt-2 flex gap-2 overflow-x-auto px-1 pt-1 pb-2 sm:flex-wrap sm:overflow-visible"
        >
          <span id={`${ids}-days-for`} className="sr-only">
            Days with open times for {label}
          </span>
          {days.map((d) => (
            <button
              key={d.key}
              type="button"
              aria-pressed={d.key === day.key}
              disabled={disabled}
              onClick={() => setPickedDay(d.key)}
              aria-label={`${d.short}, ${d.slots.length} open ${d.slots.length === 1 ? 'time' : 'times'}`}
              className={cx(CHIP, 'shrink-0 px-3 py-2', d.key === day.key ? ACTIVE : IDLE)}
            >
              {d.short}
            </button>
          ))}
        </div>
      </div>
      <div>
        <h3 id={`${ids}-times`} className="text-sm font-medium text-ink">
          Open times on {day.label}
        </h3>
        <ul role="list" aria-labelledby={`${ids}-times`} className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
          {day.slots.map((slot) => {
            const chosen = slot.start === chosenStart;
            return (
              <li key={slot.start}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  disabled={disabled}
                  onClick={() => onChoose(slot)}
                  className={cx(CHIP, 'w-full px-2 py-2.5', chosen ? ACTIVE : IDLE)}
                  data-start={slot.start}
                  aria-label={`${day.label}, ${formatTime(slot.start, zone)}`}
                >
                  {formatTime(slot.start, zone)}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

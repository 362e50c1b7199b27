import { LoaderCircle } from 'lucide-react';
import { cx } from '../ui/cx';

/**
 * One topic's on/off switch, with its name and what it sends. The switch is a submit button of the
 * panel's form (`change` = `<topic>:on|off`), so it works before JavaScript loads; with it, the
 * change is saved in place.
 */
export function TopicSwitch({
  id,
  topic,
  label,
  description,
  on,
  pending,
  onChange,
}: {
  id: string;
  topic: string;
  label: string;
  description: string;
  on: boolean;
  pending: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 px-4 py-4 sm:gap-6 sm:px-5">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-1 text-sm text-ink-subtle">
          {description}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {pending ? <LoaderCircle aria-hidden className="size-4 animate-spin text-ink-subtle" /> : null}
        <button
          id={id}
          type="submit"
          name="change"
          value={`${topic}:${on ? 'off' : 'on'}`}
          role="switch"
          aria-checked={on}
          aria-describedby={`${id}-description`}
          disabled={pending}
          onClick={(event) => {
            event.preventDefault();
            onChange(!on);
          }}
          className={cx(
            'relative inline-flex h-7 w-12 items-center rounded-full border transition-colors focus-visible:outline-offset-2 disabled:opacity-60',
            on ? 'border-accent-400/60 bg-accent-600' : 'border-line-strong bg-surface-sunken',
          )}
        >
          <span className="sr-only">{on ? 'On' : 'Off'}</span>
          <span aria-hidden className={cx('inline-block size-5 rounded-full bg-white shadow transition-transform', on ? 'translate-x-6' : 'translate-x-1')} />
        </button>
      </div>
    </div>
  );
}

import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';

const INPUT = 'h-9 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-ink focus:border-accent-400';

/** A datetime-local value (no zone) read as UTC, as the timeline shows its times. */
function asUtc(value: FormDataEntryValue | null): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return undefined;
  const time = new Date(`${value}Z`);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** Pick the moment: a date and time in UTC. */
export function MomentForm({ userId, at, pending }: { userId: string; at: string | undefined; pending: boolean }) {
  const navigate = useNavigate({ from: '/admin/customers/$userId/at' });
  const hintId = useId();
  return (
    <form
      method="get"
      aria-label="Pick a moment"
      className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-surface-raised p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = asUtc(new FormData(event.currentTarget).get('at'));
        if (chosen) void navigate({ params: { userId }, search: { at: chosen } });
      }}
    >
      <label className="min-w-56 flex-1 text-xs text-ink-subtle">
        Date and time (UTC)
        <input name="at" type="datetime-local" step={1} required aria-describedby={hintId} defaultValue={at?.slice(0, 19)} className={`${INPUT} mt-1`} />
      </label>
      <button
        type="submit"
        disabled={pending}
        className="h-9 rounded-lg bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-60"
      >
        {pending ? 'Folding…' : 'Show the account then'}
      </button>
      <p id={hintId} className="w-full text-xs text-ink-subtle">
        Everything recorded up to that second, folded from the account’s events.
      </p>
      {pending ? (
        <p role="status" className="w-full text-sm text-ink-muted">
          Folding the account’s events up to then…
        </p>
      ) : null}
    </form>
  );
}

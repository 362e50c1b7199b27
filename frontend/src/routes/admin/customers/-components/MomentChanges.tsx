import type { MomentChange } from '@contracts/admin/account-moment.contract';

const SECTION_NAMES: Record<MomentChange['section'], string> = {
  plan: 'Plan',
  licenses: 'License',
  seats: 'Seat',
  devices: 'Device',
  credits: 'Credits',
  resources: 'Resource',
  purchases: 'Purchase',
  bookings: 'Booking',
  pendingPayments: 'Pending payment',
};

const VERBS: Record<MomentChange['change'], string> = { added: 'added since', removed: 'gone since', changed: 'changed since' };

/** What is different now, one line each. */
export function MomentChanges({ changes }: { changes: MomentChange[] }) {
  return (
    <section aria-labelledby="moment-changes" className="mt-6">
      <h2 id="moment-changes" className="text-lg font-semibold text-ink">
        Since then
      </h2>
      {changes.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">Nothing has changed since: the account is the same now.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface-raised text-sm" aria-label="Changes between then and now">
          {changes.map((change, n) => (
            <li key={`${change.section}-${change.subject}-${n}`} className="px-4 py-2 break-words">
              <span className="text-xs text-ink-subtle">{SECTION_NAMES[change.section]} · </span>
              <span className="font-medium text-ink">{change.subject}</span>{' '}
              <span className={change.change === 'added' ? 'text-success' : change.change === 'removed' ? 'text-danger' : 'text-ink'}>
                {VERBS[change.change]}
              </span>
              {change.fields.length ? (
                <ul className="mt-1 text-ink-muted">
                  {change.fields.map((field) => (
                    <li key={field.field}>
                      {field.field}: {field.then} → {field.now}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { DashboardLicense } from '@contracts/dashboard/dashboard.contract';
import { formatDayTime } from '../../../lib/dates';

const OUTCOMES: Record<string, string> = {
  allowed: 'Accepted',
  license_required: 'No key sent',
  'license_rejected:invalid': 'Rejected: not a key we know',
  'license_rejected:expired': 'Rejected: expired',
  'license_rejected:revoked': 'Rejected: revoked or replaced key',
  'license_rejected:device_limit': 'Rejected: every device slot of the seat in use',
  rate_limited: 'Too many checks',
};

/** The plugin's latest checks of this license: when, which key, which version, and the answer. */
export function KeyHealth({ checks }: { checks: DashboardLicense['recentChecks'] }) {
  return (
    <details className="rounded-xl border border-line">
      <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-ink">Key health: the plugin's latest checks ({checks.length})</summary>
      {checks.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-ink-muted">
          The plugin has not checked this license yet. It checks about once a day once the key is pasted into Settings → SystemSculpt AI → Account.
        </p>
      ) : (
        <div className="overflow-x-auto px-4 pb-4">
          <table className="w-full text-left text-sm">
            <thead className="text-ink-subtle">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  When
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Key
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Plugin
                </th>
                <th scope="col" className="py-2 font-medium">
                  Answer
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {checks.map((check) => (
                <tr key={`${check.checkedAt}-${check.keyHint}`} data-testid="key-check">
                  <td className="py-2 pr-4 whitespace-nowrap text-ink-muted">{formatDayTime(check.checkedAt)}</td>
                  <td className="py-2 pr-4 font-mono text-xs text-ink-muted">{check.keyHint}</td>
                  <td className="py-2 pr-4 text-ink-muted">{check.pluginVersion ?? '—'}</td>
                  <td className="py-2 text-ink">{OUTCOMES[check.reason ? `${check.code}:${check.reason}` : check.code] ?? check.code}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import type { CreditSummary } from '@contracts/credits/credits.contract';
import { formatDay, formatDayTime } from '../../../lib/dates';
import { creditSummaryQuery } from '../../../queries/account';
import { Panel } from './Panel';

const credits = (n: number) => n.toLocaleString('en-US');
const USAGE_LABELS: Record<CreditSummary['usage'][number]['usageKind'], string> = {
  audio_transcription: 'Audio transcription',
  embeddings: 'Embeddings',
  document_processing: 'Document processing',
  agent_turn: 'Agent turn',
  request: 'Request',
};
/** The plugin warns below this many credits; the dashboard says so too. */
const LOW = 1_000;

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-line p-4">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-ink" data-testid={`credits-${label.toLowerCase().replace(/\W+/g, '-')}`}>
        {value}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-ink-subtle">{hint}</dd> : null}
    </div>
  );
}

/** The credits the plugin can spend: included this cycle, add-on packs, and what was spent lately. */
export function CreditsPanel() {
  // The dashboard's loader has it; a refresh that fails later says so instead of showing old figures.
  const { data, isError, refetch } = useSuspenseQuery(creditSummaryQuery());
  return (
    <Panel title="Credits" labelledBy="credits">
      {isError ? (
        <p className="text-sm text-ink-muted" role="alert">
          Your credits could not be loaded.{' '}
          <button type="button" onClick={() => void refetch()} className="text-accent-300 underline">
            Try again
          </button>
        </p>
      ) : (
        <div className="space-y-5">
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure
              label="Total"
              value={credits(data.totalRemaining)}
              hint={data.totalRemaining < LOW ? 'Running low: the plugin warns below 1,000 credits.' : undefined}
            />
            <Figure
              label="Included"
              value={`${credits(data.includedRemaining)} of ${credits(data.includedPerMonth)}`}
              hint={
                data.seat
                  ? `From your seat on ${data.seat.planTitle}; renews ${formatDay(data.includedFrom!.cycleEndsAt)}`
                  : data.includedFrom
                    ? `From ${data.includedFrom.title}; renews ${formatDay(data.includedFrom.cycleEndsAt)}`
                    : 'No plan with included credits'
              }
            />
            <Figure label="Add-on" value={credits(data.addOnRemaining)} hint={data.seat ? "The license owner's credit packs" : 'Credit packs never expire'} />
          </dl>
          {data.seat ? (
            <p className="text-sm text-ink-muted" data-testid="credits-seat-note">
              These are the credits your seat's key has in the plugin: your seat shares the {data.seat.planTitle} license's credits with its owner and the other
              seats.
            </p>
          ) : null}
          {data.seat ? null : (
            <>
              <p className="text-sm text-ink-muted">
                Included credits are used first and start afresh each cycle; add-on credits are used after them.{' '}
                <a href={data.purchasePath} className="text-accent-300 underline">
                  Buy a credit pack
                </a>
              </p>
              {data.packs.length > 0 ? (
                <div>
                  <h3 className="mb-2 text-sm font-medium text-ink">Credit packs</h3>
                  <ul className="divide-y divide-line rounded-xl border border-line text-sm">
                    {data.packs.map((pack) => (
                      <li key={pack.packId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3" data-testid="credit-pack">
                        <span className="text-ink">
                          {pack.title} <span className="text-ink-subtle">· {formatDay(pack.addedAt)}</span>
                        </span>
                        <span className="text-ink-muted">
                          {pack.removedReason ? `Removed (${pack.removedReason})` : `${credits(pack.remaining)} of ${credits(pack.credits)} left`}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <div>
                <h3 className="mb-2 text-sm font-medium text-ink">Recent usage</h3>
                {data.usage.length === 0 ? (
                  <p className="text-sm text-ink-muted">Nothing spent yet. Chat, transcription and search in the plugin draw on these credits.</p>
                ) : (
                  <div className="overflow-x-auto">
                    <table className="w-full text-left text-sm">
                      <thead className="text-ink-subtle">
                        <tr>
                          <th scope="col" className="py-2 pr-4 font-medium">
                            When
                          </th>
                          <th scope="col" className="py-2 pr-4 font-medium">
                            What
                          </th>
                          <th scope="col" className="py-2 text-right font-medium">
                            Credits
                          </th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-line">
                        {data.usage.map((entry) => (
                          <tr key={entry.id} data-testid="credit-usage">
                            <td className="py-2 pr-4 whitespace-nowrap text-ink-muted">{formatDayTime(entry.createdAt)}</td>
                            <td className="py-2 pr-4 text-ink">
                              {USAGE_LABELS[entry.usageKind]} <span className="font-mono text-xs text-ink-subtle">{entry.endpoint}</span>
                            </td>
                            <td className="py-2 text-right text-ink">{credits(entry.credits)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </div>
            </>
          )}
        </div>
      )}
    </Panel>
  );
}

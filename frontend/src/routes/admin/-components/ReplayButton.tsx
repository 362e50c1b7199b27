import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import type { ReplayStatus } from '@contracts/admin/admin.contract';
import { Button } from '../../../components/ui/Button';
import { ServerFnError } from '../../../lib/server-fn-client';
import { adminProjectorsQuery, adminReplayQuery, startReplayMutation } from '../../../queries/admin';

/** Starts a rebuild of one read model and follows it to the end with a progress bar. */
export function ReplayButton({ projector, latest }: { projector: string; latest: ReplayStatus | null }) {
  const queryClient = useQueryClient();
  const [replayId, setReplayId] = useState<string | null>(latest && (latest.state === 'queued' || latest.state === 'running') ? latest.replayId : null);
  const start = useMutation(startReplayMutation({ onSuccess: ({ replayId: id }) => setReplayId(id) }));
  // Not page data: it follows a replay started here, once there is one (so no loader can fetch it first).
  const replay = useQuery({ ...adminReplayQuery(replayId ?? ''), enabled: replayId !== null });
  const status = replay.data ?? null;
  const running = start.isPending || (status !== null && (status.state === 'queued' || status.state === 'running'));

  useEffect(() => {
    if (status?.state === 'completed') void queryClient.invalidateQueries({ queryKey: adminProjectorsQuery().queryKey });
  }, [status?.state, queryClient]);

  const percent =
    status && status.eventsTotal > 0 ? Math.min(100, Math.round((status.eventsApplied / status.eventsTotal) * 100)) : status?.state === 'completed' ? 100 : 0;

  return (
    <div className="min-w-48">
      <Button variant="secondary" size="sm" onClick={() => start.mutate(projector)} disabled={running} aria-busy={running || undefined}>
        <RotateCcw aria-hidden="true" className={running ? 'animate-spin' : undefined} />
        {running ? 'Replaying…' : 'Replay'}
      </Button>
      {status ? (
        <div className="mt-2" aria-live="polite">
          <div
            role="progressbar"
            aria-label={`Replay of ${projector}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 w-full overflow-hidden rounded-full bg-surface-overlay"
          >
            <div className={status.state === 'failed' ? 'h-full bg-danger' : 'h-full bg-accent-500 transition-[width]'} style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-ink-subtle">
            {status.state === 'completed'
              ? `Rebuilt from ${status.eventsApplied.toLocaleString('en-US')} ${status.eventsApplied === 1 ? 'event' : 'events'} and swapped in.`
              : status.state === 'failed'
                ? `Failed: ${status.error ?? 'unknown error'}. The live read model was left as it was.`
                : status.phase === 'swapping'
                  ? 'Catching up and swapping in…'
                  : `${status.eventsApplied.toLocaleString('en-US')} of ${status.eventsTotal.toLocaleString('en-US')} events`}
          </p>
        </div>
      ) : null}
      {start.error ? (
        <p role="alert" className="mt-2 text-xs text-danger">
          {start.error instanceof ServerFnError ? start.error.message : 'Could not start the replay.'}
        </p>
      ) : null}
    </div>
  );
}

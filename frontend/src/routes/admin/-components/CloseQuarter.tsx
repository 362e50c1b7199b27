import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { ServerFnError } from '../../../lib/server-fn-client';
import { closeTaxQuarterMutation } from '../../../queries/tax-report';

/** What a refusal means to the owner, by the code the server answered. */
const REFUSALS: Record<string, string> = {
  'tax_report.quarter_not_ended': 'This quarter has not ended yet: it can be closed once it is over.',
  'tax_report.quarter_closed': 'This quarter is already closed.',
  'admin.owner_only': 'Only the owner may close a quarter.',
};

/** "Close quarter", then a confirmation that says what closing means; the answer, or the refusal, announced. */
export function CloseQuarter({ quarter }: { quarter: string }) {
  const queryClient = useQueryClient();
  const close = useMutation(closeTaxQuarterMutation(queryClient));
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirming) heading.current?.focus();
  }, [confirming]);

  if (!confirming) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <Lock aria-hidden="true" />
          Close {quarter}…
        </Button>
        <Outcome close={close} />
      </div>
    );
  }
  return (
    <section
      aria-labelledby="close-quarter-heading"
      aria-describedby="close-quarter-meaning"
      className="rounded-xl border border-line-strong bg-surface-raised p-4"
    >
      <h2 id="close-quarter-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
        Close {quarter}?
      </h2>
      <div id="close-quarter-meaning" className="mt-2 space-y-2 text-sm text-ink-muted">
        <p>Closing files this quarter: its report is frozen as it is now, and its CSV will download byte for byte the same, whenever you ask for it.</p>
        <p>
          A refund or correction that arrives later for one of its sales is not added to it: it is reported in the open quarter as a correction of {quarter},
          and shown here beside the figures as filed.
        </p>
        <p>It cannot be undone.</p>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          onClick={() => close.mutate(quarter, { onSettled: () => setConfirming(false) })}
          disabled={close.isPending}
          aria-busy={close.isPending || undefined}
        >
          {close.isPending ? 'Closing…' : `Close ${quarter} for good`}
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(false)} disabled={close.isPending}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

function Outcome({ close }: { close: ReturnType<typeof useMutation<{ quarter: string; checksum: string }, Error, string>> }) {
  return (
    <p aria-live="polite" className="mt-2 text-sm">
      {close.isSuccess ? (
        <span className="text-success">
          Closed {close.data.quarter}. Checksum of the report as filed: <code className="break-all">{close.data.checksum}</code>
        </span>
      ) : null}
      {close.error ? (
        <span role="alert" className="text-danger">
          {close.error instanceof ServerFnError ? (REFUSALS[close.error.code] ?? close.error.message) : 'Could not close the quarter; try again.'}
        </span>
      ) : null}
    </p>
  );
}

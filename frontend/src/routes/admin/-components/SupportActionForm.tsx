import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OWNER_ONLY_KINDS, type AdminViewer, type SupportActionInput, type SupportActionResult } from '@contracts/admin/support-actions.contract';
import { Button } from '../../../components/ui/Button';
import { ServerFnError } from '../../../lib/server-fn-client';
import { supportActionMutation } from '../../../queries/admin';
import { SUPPORT_ACTION_LABELS } from './support-action-words';

type Omitted = 'actionId' | 'userId' | 'reason';
/** What a form adds to the action id, the customer and the reason: its kind and details. */
export type ActionBody = SupportActionInput extends infer A ? (A extends SupportActionInput ? Omit<A, Omitted> : never) : never;

export const FIELD = 'mt-1 h-9 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-ink focus:border-accent-400';

const newActionId = () => crypto.randomUUID();

/**
 * One support action as a small form: its own fields, a required reason, a confirmation step
 * when it takes something away or moves money, and its pending, error and done states. The
 * action id is chosen when the form opens and kept until the action is done, so sending again
 * after an error (or a lost answer) is the same action, recorded once.
 */
export function SupportActionForm({
  userId,
  viewer,
  kind,
  description,
  destructive = false,
  unavailable,
  read,
  confirmText,
  children,
}: {
  userId: string;
  viewer: AdminViewer;
  kind: ActionBody['kind'];
  description: string;
  destructive?: boolean;
  /** Why the form cannot be used on this account (nothing to act on), if so. */
  unavailable?: string;
  /** The action's kind and details from the form's fields, or what is wrong with them. */
  read: (form: FormData) => ActionBody | string;
  /** The line asking to confirm, from what was read. */
  confirmText?: (body: ActionBody) => string;
  children: ReactNode;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [actionId, setActionId] = useState(newActionId);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<SupportActionInput | null>(null);
  const [done, setDone] = useState<SupportActionResult | null>(null);
  const ownerOnly = OWNER_ONLY_KINDS.includes(kind);
  const refused = ownerOnly && viewer.role !== 'owner' ? 'Only an owner can do this.' : null;

  const send = useMutation(
    supportActionMutation(queryClient, {
      onSuccess: (result) => {
        setDone(result);
        setConfirming(null);
        setActionId(newActionId());
      },
    }),
  );

  const disabled = Boolean(refused ?? unavailable) || send.isPending;
  const error = send.error
    ? send.error instanceof ServerFnError
      ? send.error.message
      : 'The action could not be sent. Try again: it will not be done twice.'
    : null;

  return (
    <form
      aria-labelledby={`${id}-title`}
      aria-busy={send.isPending || undefined}
      className="rounded-xl border border-line bg-surface-raised p-4 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        setDone(null);
        const form = new FormData(event.currentTarget);
        const reason = String(form.get('reason') ?? '').trim();
        const body = read(form);
        if (typeof body === 'string') return setProblem(body);
        if (!reason) return setProblem('Say why: the reason is kept in the audit log.');
        setProblem(null);
        const input: SupportActionInput = { ...body, actionId, userId, reason };
        if (destructive) setConfirming(input);
        else send.mutate(input);
      }}
    >
      <h3 id={`${id}-title`} className="font-medium text-ink">
        {SUPPORT_ACTION_LABELS[kind]}
        {ownerOnly ? <span className="ml-2 rounded-full bg-surface px-2 py-0.5 text-xs font-normal text-ink-subtle">Owner only</span> : null}
      </h3>
      <p className="mt-1 text-ink-muted">{description}</p>
      {(refused ?? unavailable) ? (
        <p className="mt-3 text-ink-subtle">{refused ?? unavailable}</p>
      ) : (
        <fieldset disabled={disabled || confirming !== null} className="mt-3 space-y-3">
          {children}
          <label className="block text-xs text-ink-subtle">
            Reason (kept in the audit log)
            <textarea name="reason" required maxLength={500} rows={2} className={`${FIELD} h-auto py-2`} />
          </label>
          <Button type="submit" size="sm" variant={destructive ? 'secondary' : 'primary'}>
            {send.isPending ? 'Working…' : SUPPORT_ACTION_LABELS[kind]}
          </Button>
        </fieldset>
      )}
      {confirming ? (
        <div role="alertdialog" aria-labelledby={`${id}-confirm`} className="mt-3 rounded-lg border border-danger/50 p-3">
          <p id={`${id}-confirm`} className="text-ink">
            {confirmText ? confirmText(confirming) : `${SUPPORT_ACTION_LABELS[kind]}?`} This cannot be undone.
          </p>
          <div className="mt-2 flex gap-2">
            <Button size="sm" onClick={() => send.mutate(confirming)} disabled={send.isPending} autoFocus>
              {send.isPending ? 'Working…' : 'Yes, do it'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(null)} disabled={send.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <div aria-live="polite">
        {problem ? <p className="mt-2 text-danger">{problem}</p> : null}
        {error ? (
          <p role="alert" className="mt-2 text-danger">
            {error}
          </p>
        ) : null}
        {done ? (
          <p role="status" className="mt-2 text-ink">
            {done.status === 'pending'
              ? 'Recorded. The worker is sending it to Stripe; the timeline shows the outcome.'
              : done.status === 'failed'
                ? `Failed: ${done.outcome ?? 'unknown error'}`
                : `${done.outcome ?? 'Done'}. It is in the timeline below.`}
          </p>
        ) : null}
      </div>
    </form>
  );
}

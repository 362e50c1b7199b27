import { Link } from '@tanstack/react-router';
import type { SupportAuditEntry } from '@contracts/admin/support-actions.contract';
import { auditKindLabel } from './admin-operation-words';
import { detailsLine } from './support-action-words';

const STATUS_WORDS: Record<SupportAuditEntry['status'], string> = {
  done: 'Done',
  pending: 'Waiting for Stripe',
  completed: 'Completed',
  failed: 'Failed',
  succeeded: 'Done',
};

/** One entry of the audit log: a support action on a customer's account, or an admin operation on the site. */
export function AuditEntryItem({ entry }: { entry: SupportAuditEntry }) {
  return (
    <li className="rounded-xl border border-line bg-surface-raised px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="font-medium text-ink">{auditKindLabel(entry.kind)}</span>
        <span className="break-all text-ink-muted">{entry.source === 'support_action' ? detailsLine(entry.details) : entry.target}</span>
        <span className={entry.status === 'failed' ? 'text-danger' : 'text-ink-subtle'}>{STATUS_WORDS[entry.status]}</span>
        <time dateTime={entry.recordedAt} className="ml-auto text-xs text-ink-subtle">
          {entry.recordedAt.replace('T', ' ').slice(0, 19)} UTC
        </time>
      </div>
      {entry.reason ? (
        <p className="mt-1 text-ink-muted">
          <span className="text-ink-subtle">Why: </span>
          {entry.reason}
        </p>
      ) : null}
      <p className="mt-1 flex flex-wrap gap-x-4 text-xs text-ink-subtle">
        <span>
          By {entry.actor.id} ({entry.actor.role})
        </span>
        {entry.source === 'support_action' ? (
          <Link to="/admin/customers/$userId" params={{ userId: entry.userId }} className="text-accent-300 hover:underline">
            {entry.customerEmail ?? entry.userId}
          </Link>
        ) : null}
        {entry.outcome ? <span>{entry.outcome}</span> : null}
        {entry.source === 'admin_operation' && entry.code ? <span>({entry.code})</span> : null}
      </p>
    </li>
  );
}

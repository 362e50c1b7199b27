import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/cx';

/** A titled card in a dashboard section. */
export function Panel({
  title,
  action,
  children,
  className,
  labelledBy,
}: {
  title?: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  labelledBy?: string;
}) {
  return (
    <section aria-labelledby={labelledBy} className={cx('rounded-2xl border border-line bg-surface-raised p-5 sm:p-6', className)}>
      {title ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id={labelledBy} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** What a section says when it has nothing to show, with the next step. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-line-strong p-8 text-center">
      <h2 className="font-medium text-ink">{title}</h2>
      <div className="mx-auto mt-2 max-w-md text-sm text-ink-muted">{children}</div>
    </div>
  );
}

const STATUS_TONES: Record<string, string> = {
  active: 'bg-success/15 text-success',
  paid: 'bg-success/15 text-success',
  settled: 'bg-success/15 text-success',
  past_due: 'bg-danger-soft text-danger',
  open: 'bg-accent-500/15 text-accent-200',
  processing: 'bg-accent-500/15 text-accent-200',
};

export function StatusPill({ status, label }: { status: string; label?: string }) {
  return (
    <span className={cx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', STATUS_TONES[status] ?? 'bg-white/5 text-ink-muted')}>
      {label ?? status.replace(/_/g, ' ')}
    </span>
  );
}

import type { ReactNode } from 'react';
import { cx } from './cx';

const TONES = {
  good: 'border-success/40 bg-success/10',
  wait: 'border-line-strong bg-surface-overlay',
  bad: 'border-danger/40 bg-danger-soft',
} as const;

export type StatusTone = keyof typeof TONES;

/**
 * What came of an action, or of a redirect back to the page (`?status=…`): announced as it
 * appears, as an alert when it went wrong. With a title it is the page's outcome (a heading, then
 * what happens next); without one, a single line.
 */
export function StatusBanner({
  tone,
  icon,
  title,
  className,
  children,
}: {
  tone: StatusTone;
  icon: ReactNode;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  const role = tone === 'bad' ? 'alert' : 'status';
  if (title === undefined) {
    return (
      <div
        role={role}
        className={cx('flex items-center gap-2 rounded-xl border px-4 py-3 text-sm text-ink [&_svg]:size-4 [&_svg]:shrink-0', TONES[tone], className)}
      >
        {icon}
        <p>{children}</p>
      </div>
    );
  }
  return (
    <div role={role} className={cx('flex gap-4 rounded-2xl border p-5 sm:p-6', TONES[tone], className)}>
      <div className="mt-0.5 shrink-0 [&_svg]:size-6">{icon}</div>
      <div className="min-w-0">
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
        <div className="mt-1.5 space-y-3 text-sm text-ink-muted">{children}</div>
      </div>
    </div>
  );
}

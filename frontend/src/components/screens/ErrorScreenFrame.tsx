import { useId, type ReactNode } from 'react';
import { cx } from '../ui/cx';

const TONES = {
  danger: 'border-danger/30 bg-danger-soft text-danger',
  accent: 'border-accent-400/30 bg-accent-500/10 text-accent-300',
} as const;

/**
 * The layout every error screen shares: an icon, a heading, the problem in an alert box (read out
 * by screen readers as it appears), then whatever comes next (a hint, the ways out).
 */
export function ErrorScreenFrame({
  icon,
  tone = 'danger',
  title,
  message,
  children,
}: {
  icon: ReactNode;
  tone?: keyof typeof TONES;
  title: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="bg-hero-glow pointer-events-none absolute inset-0 -z-10 opacity-60" />
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 pt-20 pb-8 text-center sm:px-6 sm:pt-28">
        <span className={cx('inline-flex size-14 items-center justify-center rounded-2xl border [&>svg]:size-7', TONES[tone])}>{icon}</span>
        <h1 id={titleId} className="mt-6 text-3xl font-semibold text-ink sm:text-4xl">
          {title}
        </h1>
        <div
          role="alert"
          className="mt-5 w-full rounded-xl border border-line bg-surface-raised px-4 py-3 text-left text-sm leading-relaxed break-words text-ink-muted"
        >
          {message}
        </div>
        {children}
      </div>
    </section>
  );
}

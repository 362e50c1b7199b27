import type { ReactNode } from 'react';
import { cx } from '../ui/cx';

/** Eyebrow, heading and lead, centred: how the marketing pages open a section. */
export function SectionHeading({
  eyebrow,
  id,
  title,
  lead,
  as: Heading = 'h2',
  className,
}: {
  eyebrow: string;
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  as?: 'h1' | 'h2';
  className?: string;
}) {
  return (
    <div className={cx('mx-auto max-w-2xl text-center', className)}>
      <p className="text-sm font-semibold tracking-wide text-accent-300">{eyebrow}</p>
      <Heading id={id} className="mt-3 text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
        {title}
      </Heading>
      {lead ? <p className="mt-4 text-base leading-relaxed text-ink-muted sm:text-lg">{lead}</p> : null}
    </div>
  );
}

import { useEffect, useId, useState } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { cx } from '../ui/cx';
import { errorMessage } from './RouteErrorScreen';

/** The router's default error component: a compact notice with the details one click away. */
export function DefaultErrorFallback({ error }: ErrorComponentProps) {
  const [shown, setShown] = useState(false);
  const detailsId = useId();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className="mx-auto my-12 max-w-xl px-4">
      <div className="rounded-xl border border-danger/30 bg-danger-soft/60 p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-semibold text-ink">Something went wrong!</p>
          <button
            type="button"
            aria-expanded={shown}
            aria-controls={detailsId}
            onClick={() => setShown((value) => !value)}
            className="inline-flex items-center gap-1.5 rounded-md border border-line-strong bg-surface-raised px-2.5 py-1.5 text-xs font-medium text-ink-muted transition-colors hover:text-ink"
          >
            {shown ? 'Hide Error' : 'Show Error'}
            <ChevronDown aria-hidden="true" className={cx('size-3.5 transition-transform', shown && 'rotate-180')} />
          </button>
        </div>
        <div id={detailsId} hidden={!shown}>
          <pre className="mt-4 overflow-x-auto rounded-lg border border-line bg-surface-sunken p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-danger">
            {errorMessage(error)}
          </pre>
        </div>
      </div>
    </div>
  );
}

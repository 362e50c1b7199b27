import { useState } from 'react';
import { Check, Copy, Eye, EyeOff } from 'lucide-react';
import { Button } from '../../../components/ui/Button';

/** A license key, hidden until asked for, with a copy button. */
export function LicenseKey({ value, hint, label = 'License key' }: { value: string; hint: string; label?: string }) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <p className="text-xs font-medium tracking-wide text-ink-subtle uppercase">{label}</p>
      <div className="mt-1.5 flex flex-wrap items-center gap-2">
        <code data-testid="license-key" className="rounded-lg border border-line-strong bg-surface-sunken px-3 py-2 font-mono text-sm break-all text-ink">
          {shown ? value : hint}
        </code>
        <Button variant="ghost" size="sm" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
          {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {shown ? 'Hide' : 'Show'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={async () => {
            await navigator.clipboard?.writeText(value).catch(() => undefined);
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
    </div>
  );
}

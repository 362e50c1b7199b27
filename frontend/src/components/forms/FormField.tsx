import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cx } from '../ui/cx';

export const CONTROL =
  'block w-full rounded-lg border bg-surface-sunken px-3.5 py-2.5 text-base text-ink placeholder:text-ink-subtle ' +
  'transition-colors focus-visible:border-accent-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400/40 ' +
  'disabled:opacity-60 sm:text-sm';

const controlClass = (error?: string) => cx(CONTROL, error ? 'border-danger' : 'border-line-strong');

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A label, the control, then a hint or the field's error (announced, and tied to the control). */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const described = (id: string, error?: string, hint?: boolean) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

export function TextInput({
  id,
  error,
  hasHint,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { id: string; error?: string; hasHint?: boolean }) {
  return (
    <input
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={described(id, error, hasHint)}
      className={cx(controlClass(error), className)}
      {...props}
    />
  );
}

export function TextArea({
  id,
  error,
  hasHint,
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; error?: string; hasHint?: boolean }) {
  return (
    <textarea
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={described(id, error, hasHint)}
      className={cx(controlClass(error), 'min-h-40 resize-y', className)}
      {...props}
    />
  );
}

export function Select({ id, error, className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { id: string; error?: string }) {
  return (
    <select id={id} aria-invalid={error ? true : undefined} aria-describedby={described(id, error)} className={cx(controlClass(error), className)} {...props}>
      {children}
    </select>
  );
}

/** An error or notice for the whole form, announced when it appears. */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'info'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'rounded-lg border px-4 py-3 text-sm',
        tone === 'error' ? 'border-danger/40 bg-danger-soft text-ink' : 'border-line-strong bg-surface-overlay text-ink',
      )}
    >
      {children}
    </div>
  );
}

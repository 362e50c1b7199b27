import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth';
import { cx } from '../ui/cx';

/** The violet hexagon from the favicon, without its tile. Decorative: the link carries the name. */
export function LogoMark({ className }: { className?: string }) {
  // useId is stable between the server render and hydration; keep only characters safe in url(#…).
  const gradientId = `logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg viewBox="10 8 44 48" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c4b5fd" />
          <stop offset="0.5" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#6d28d9" />
        </linearGradient>
      </defs>
      <path d="M32 10 50 21v22L32 54 14 43V21z" fill={`url(#${gradientId})`} />
      <path d="M32 21 41 26.5v11L32 43l-9-5.5v-11z" fill="#0b0a14" opacity=".55" />
    </svg>
  );
}

/** Mark + wordmark, linking home (or to the dashboard once signed in). */
export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { status } = useAuth();
  return (
    <Link
      to={(status === 'signed-in' ? '/dashboard' : '/') as '/'}
      aria-label="SystemSculpt home"
      onClick={onClick}
      className={cx('group inline-flex items-center gap-2.5 rounded-md text-ink transition-colors hover:text-white', className)}
    >
      <LogoMark className="size-8 drop-shadow-[0_0_12px_rgb(139_92_246/0.45)] transition-transform duration-300 group-hover:rotate-[30deg]" />
      <span className="text-[17px] font-semibold tracking-tight">SystemSculpt</span>
    </Link>
  );
}

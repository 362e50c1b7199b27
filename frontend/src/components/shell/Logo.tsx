import { Link } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth';
import { cx } from '../ui/cx';

/**
 * The violet hexagon from the favicon, without its tile. Decorative: the link carries the name.
 * A cached file rather than paths in the JavaScript every page loads.
 */
export function LogoMark({ className }: { className?: string }) {
  return <img src="/logo-mark.svg" alt="" width={44} height={48} className={className} decoding="async" />;
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

import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDown, LayoutDashboard, Library, LogOut, MonitorX } from 'lucide-react';
import { NavLink } from '../ui/NavLink';
import { cx } from '../ui/cx';
import type { AuthState } from '../../lib/auth';

type User = NonNullable<AuthState['user']>;

/** Round avatar: the user's picture, or their initial on a violet tile. */
export function Avatar({ user, className }: { user: User; className?: string }) {
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  return user.imageUrl ? (
    <img src={user.imageUrl} alt="" className={cx('size-8 rounded-full object-cover ring-1 ring-line-strong', className)} />
  ) : (
    <span
      aria-hidden="true"
      className={cx(
        'inline-flex size-8 items-center justify-center rounded-full bg-accent-700 text-sm font-semibold text-white ring-1 ring-accent-400/40',
        className,
      )}
    >
      {initial}
    </span>
  );
}

/**
 * The signed-in control in the header: a disclosure button (avatar + name) revealing "Dashboard",
 * "Your library", "Sign out" and "Sign out of all devices". Closes on Escape (returning focus to the button), outside clicks and focus leaving.
 */
export function UserMenu({ user, onSignOut, onSignOutEverywhere }: { user: User; onSignOut: () => Promise<void>; onSignOutEverywhere: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex h-10 items-center gap-2 rounded-full border border-line bg-surface-raised py-1 pr-3 pl-1 text-sm font-medium text-ink transition-colors hover:border-line-strong"
      >
        <Avatar user={user} />
        <span className="max-w-[10rem] truncate">{user.name}</span>
        <ChevronDown aria-hidden="true" className={cx('size-4 text-ink-subtle transition-transform', open && 'rotate-180')} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-56 animate-pop-in rounded-xl border border-line-strong bg-surface-overlay p-1.5 shadow-panel"
      >
        <p className="truncate px-3 pt-2 pb-2 text-xs text-ink-subtle">
          Signed in as <span className="font-medium text-ink-muted">{user.name}</span>
        </p>
        <ul className="border-t border-line pt-1.5">
          <li>
            <NavLink href="/dashboard" onClick={() => setOpen(false)} className={MENU_ITEM}>
              <LayoutDashboard aria-hidden="true" className="size-4" />
              Dashboard
            </NavLink>
          </li>
          <li>
            <NavLink href="/library" onClick={() => setOpen(false)} className={MENU_ITEM}>
              <Library aria-hidden="true" className="size-4" />
              Your library
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              className={MENU_ITEM}
              onClick={() => {
                setOpen(false);
                void onSignOut();
              }}
            >
              <LogOut aria-hidden="true" className="size-4" />
              Sign out
            </button>
          </li>
          <li>
            <button
              type="button"
              className={MENU_ITEM}
              onClick={() => {
                setOpen(false);
                void onSignOutEverywhere();
              }}
            >
              <MonitorX aria-hidden="true" className="size-4" />
              Sign out of all devices
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

const MENU_ITEM =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-ink-muted transition-colors hover:bg-white/5 hover:text-ink aria-[current=page]:text-ink';

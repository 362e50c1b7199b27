import type { RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ArrowRight, LayoutDashboard, LogOut, MonitorX, X } from 'lucide-react';
import { useAuth } from '../../lib/auth';
import { Button } from '../ui/Button';
import { NavLink } from '../ui/NavLink';
import { Logo } from './Logo';
import { HELP_NAV, MAIN_NAV } from './nav-links';
import { SocialLinks } from './SocialIcons';
import { Avatar } from './UserMenu';

const LINK =
  'flex items-center justify-between rounded-lg px-3 py-3 text-base font-medium text-ink-muted transition-colors ' +
  'hover:bg-white/5 hover:text-ink aria-[current=page]:bg-accent-500/10 aria-[current=page]:text-ink';

interface MobileNavSheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The side sheet of the mobile navigation, loaded on first use (Radix is not needed before).
 * Radix traps focus, closes on Escape and on overlay clicks.
 */
export default function MobileNavSheet({ open, onOpenChange, triggerRef }: MobileNavSheetProps) {
  const auth = useAuth();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm data-[state=closed]:animate-overlay-out data-[state=open]:animate-overlay-in" />
        <Dialog.Content
          data-testid="mobile-nav"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The trigger lives outside this lazily loaded module; give focus back to it.
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[300px] max-w-full flex-col border-l border-line-strong bg-surface-raised shadow-panel outline-none data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in sm:w-[400px]"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-line px-4">
            <Logo onClick={close} />
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-10 items-center justify-center rounded-lg text-ink-muted transition-colors hover:bg-white/5 hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>

          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
            <ul className="space-y-1">
              {MAIN_NAV.map((item) => (
                <li key={item.href}>
                  <NavLink href={item.href} className={LINK} onClick={close}>
                    {item.label}
                    <ArrowRight aria-hidden="true" className="size-4 opacity-50" />
                  </NavLink>
                </li>
              ))}
            </ul>
            <p className="mt-5 px-3 text-xs font-semibold tracking-wide text-ink-subtle uppercase">Help</p>
            <ul className="mt-1 space-y-1">
              {[...HELP_NAV, { label: 'Contact', href: '/contact' }].map((item) => (
                <li key={item.href}>
                  <NavLink href={item.href} className={LINK} onClick={close}>
                    {item.label}
                    <ArrowRight aria-hidden="true" className="size-4 opacity-50" />
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="shrink-0 space-y-4 border-t border-line px-4 py-5 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
            {auth.status === 'signed-in' && auth.user ? (
              <div className="space-y-3">
                <div className="flex items-center gap-3">
                  <Avatar user={auth.user} className="size-10" />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-ink">{auth.user.name}</p>
                    <p className="text-xs text-ink-subtle">Signed in</p>
                  </div>
                </div>
                <div className="grid grid-cols-2 gap-2">
                  <NavLink
                    href="/dashboard"
                    onClick={close}
                    className="inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-line-strong bg-surface-overlay text-sm font-medium text-ink"
                  >
                    <LayoutDashboard aria-hidden="true" className="size-4" />
                    Dashboard
                  </NavLink>
                  <Button
                    variant="ghost"
                    className="border border-line"
                    onClick={() => {
                      close();
                      void auth.signOut();
                    }}
                  >
                    <LogOut aria-hidden="true" />
                    Sign out
                  </Button>
                  <Button
                    variant="ghost"
                    className="col-span-2 border border-line"
                    onClick={() => {
                      close();
                      void auth.signOutEverywhere();
                    }}
                  >
                    <MonitorX aria-hidden="true" />
                    Sign out of all devices
                  </Button>
                </div>
              </div>
            ) : (
              <Button
                size="lg"
                className="w-full"
                onClick={() => {
                  close();
                  auth.openSignIn();
                }}
              >
                Sign In
              </Button>
            )}
            <SocialLinks />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

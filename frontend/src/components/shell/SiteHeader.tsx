import { Suspense } from 'react';
import { lazyRouteComponent } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth';
import { Button } from '../ui/Button';
import { NavLink } from '../ui/NavLink';
import { Logo } from './Logo';
import { MobileNav } from './MobileNav';
import { MAIN_NAV } from './nav-links';

// Only signed-in visitors see it, so its code loads with their pages, not with everyone's. The
// server renderer loads it before its first render (see entry-server).
export const UserMenu = lazyRouteComponent(() => import('./UserMenu'), 'UserMenu');

const LINK =
  'relative rounded-md px-3 py-2 text-sm font-medium text-ink-muted transition-colors hover:text-ink ' +
  'aria-[current=page]:text-ink ' +
  'after:pointer-events-none after:absolute after:inset-x-3 after:-bottom-[13px] after:h-px after:bg-accent-400 after:opacity-0 after:transition-opacity aria-[current=page]:after:opacity-100';

export function SiteHeader() {
  const auth = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-surface/75 backdrop-blur-xl supports-[backdrop-filter]:bg-surface/60">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-2">
          <ul className="hidden items-center gap-1 md:flex">
            {MAIN_NAV.map((item) => (
              <li key={item.href}>
                <NavLink href={item.href} className={LINK}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="hidden md:ml-3 md:block">
            {auth.loadError ? (
              <div className="flex items-center gap-2">
                <span role="status" className="text-sm text-ink-muted" title={`${auth.loadError.message} (${auth.loadError.code})`}>
                  Sign-in unavailable.
                </span>
                <Button size="sm" variant="secondary" onClick={auth.loadError.retry}>
                  Retry
                </Button>
              </div>
            ) : auth.status === 'signed-in' && auth.user ? (
              <Suspense fallback={null}>
                <UserMenu user={auth.user} onSignOut={auth.signOut} onSignOutEverywhere={auth.signOutEverywhere} />
              </Suspense>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => auth.openSignIn()}>
                Sign In
              </Button>
            )}
          </div>
          <MobileNav />
        </nav>
      </div>
    </header>
  );
}

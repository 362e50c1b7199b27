import type { ReactNode } from 'react';
import { AuthProvider, useAuth } from '../../lib/auth';
import { staticIsland } from '../ui/static-island';
import { SiteHeader } from './SiteHeader';

// The footer is markup and links: the browser keeps the server's (see staticIsland). The server
// renderer loads its code before rendering; the browser renders it itself only in a new frame (the
// root error screen) or when the visitor signs in or out (its logo's link changes), by a new key.
export const siteFooter = staticIsland('footer', () => import('./SiteFooter').then((m) => m.SiteFooter));
const SiteFooter = siteFooter.Island;

/** Every page's frame: skip link, sticky header, main landmark, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  return (
    <AuthProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-accent-600 focus:px-4 focus:py-2.5 focus:text-sm focus:font-semibold focus:text-white focus:shadow-glow"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter key={status} />
      </div>
    </AuthProvider>
  );
}

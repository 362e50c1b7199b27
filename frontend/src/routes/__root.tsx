import { useEffect, type ReactNode } from 'react';
import { CatchBoundary, createRootRouteWithContext, HeadContent, Outlet, Scripts, type ErrorComponentProps } from '@tanstack/react-router';
import { SiteLayout } from '../components/shell/SiteLayout';
import { DefaultErrorFallback, NotFoundScreen, RouteErrorScreen } from '../components/screens/rare-screens';
import { Analytics } from '../lib/analytics';
import { siteInfoQuery } from '../queries/site';
import { viewerQuery } from '../queries/auth';
import { SignInProvider } from '../components/auth/SignInProvider';
import type { RouterContext } from '../router-context';
import { SITE_DESCRIPTION, SITE_NAME } from '../lib/site';

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: async ({ context }) => {
    // Who is signed in comes along with every page (a failure there only means signed out).
    const [siteInfo] = await Promise.all([
      context.queryClient.ensureQueryData(siteInfoQuery()),
      context.queryClient.ensureQueryData(viewerQuery()).catch(() => null),
    ]);
    return siteInfo;
  },
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
      { name: 'theme-color', content: '#0b0a14' },
      { title: SITE_NAME },
      { name: 'description', content: SITE_DESCRIPTION },
    ],
    links: [
      // The ICO first for browsers that take the first icon they understand; the SVG for those that prefer it.
      { rel: 'icon', href: '/favicon.ico', sizes: '16x16 32x32 48x48' },
      { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
    ],
  }),
  shellComponent: RootDocument,
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: RootErrorScreen,
});

/** The error screen in the site's frame; the router loads its code (preload) before showing it. */
function RootErrorScreen(props: ErrorComponentProps) {
  return (
    <SiteLayout>
      <RouteErrorScreen {...props} />
    </SiteLayout>
  );
}
RootErrorScreen.preload = () => RouteErrorScreen.preload?.();

function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className="h-full">
      <head>
        <HeadContent />
      </head>
      <body className="min-h-full bg-surface text-ink antialiased">
        {/* Last resort, should the shell itself fail: the generic fallback. */}
        <CatchBoundary getResetKey={() => 'shell'} errorComponent={DefaultErrorFallback}>
          {children}
        </CatchBoundary>
        <HydrationMarker />
        <Scripts />
      </body>
    </html>
  );
}

function RootLayout() {
  // From the loader, not a suspending query: nothing above the root could show a pending state, and
  // signing out clears the query cache under it.
  const siteInfo = Route.useLoaderData();
  return (
    <SignInProvider>
      <SiteLayout>
        <Outlet />
        <Analytics measurementId={siteInfo.analyticsMeasurementId} />
      </SiteLayout>
    </SignInProvider>
  );
}

/** Marks <html data-hydrated="true"> once React has taken over the server-rendered page. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { NotFoundScreen, RouteErrorScreen } from './components/screens/rare-screens';
import { createQueryClient } from './lib/query-client';
import { refusedPathsAreNotFound, serverFnErrorAdapter } from './lib/route-failures';
import { routeTree } from './routeTree.gen';

export interface RouterOptions {
  /** CSP nonce for the inline hydration scripts the server renderer emits. */
  nonce?: string;
}

/**
 * Code a page must have before it hydrates besides its route's chunk, by path: the dashboard's
 * sections load one by one, and the one the server rendered must hydrate with the page.
 */
const HYDRATION_CODE: Record<string, () => Promise<unknown>> = {
  '/dashboard': () => import('./routes/dashboard/-components/section-code').then((code) => code.preloadSectionOfAddress()),
};

export function createAppRouter(options: RouterOptions = {}) {
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    ssr: options.nonce ? { nonce: options.nonce } : undefined,
  });
  router.options.serializationAdapters = [serverFnErrorAdapter];
  refusedPathsAreNotFound(router.routesById);
  setupRouterSsrQueryIntegration({ router, queryClient });
  const hydrate = router.options.hydrate;
  router.options.hydrate = async (dehydrated) => {
    await Promise.all([hydrate?.(dehydrated), HYDRATION_CODE[window.location.pathname]?.()]);
  };
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

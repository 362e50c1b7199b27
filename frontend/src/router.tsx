import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { NotFoundScreen, RouteErrorScreen } from './components/screens/rare-screens';
import { createQueryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';

export interface RouterOptions {
  /** CSP nonce for the inline hydration scripts the server renderer emits. */
  nonce?: string;
}

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
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

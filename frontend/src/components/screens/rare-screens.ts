import { lazyRouteComponent } from '@tanstack/react-router';

// The screens for what should rarely happen (no such page, a page that failed) are no part of every
// page's first load: they load when needed. The router preloads a route's own error and not-found
// components before rendering them; the server renderer has them all before its first render.
export const NotFoundScreen = lazyRouteComponent(() => import('./NotFoundScreen'), 'NotFoundScreen');
export const RouteErrorScreen = lazyRouteComponent(() => import('./RouteErrorScreen'), 'RouteErrorScreen');
export const DefaultErrorFallback = lazyRouteComponent(() => import('./DefaultErrorFallback'), 'DefaultErrorFallback');

/** Loads every rare screen (the server renderer awaits it before rendering). */
export const preloadRareScreens = (): Promise<unknown> =>
  Promise.all([NotFoundScreen, RouteErrorScreen, DefaultErrorFallback].map((screen) => screen.preload?.()));

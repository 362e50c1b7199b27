import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import type { ServerManifest } from '@tanstack/router-core';
import { createAppRouter } from './router';
import { preloadRareScreens } from './components/screens/rare-screens';
import { UserMenu } from './components/shell/SiteHeader';
import { siteFooter } from './components/shell/SiteLayout';
import { setServerFnTransport, type ServerFnTransport } from './lib/server-fn-client';
import { publicPaths } from './lib/public-paths';
import { failedPageStatus } from './lib/route-failures';
import { sharedPageKey as keyAmong, sharedPaths } from './lib/shared-pages';

export { NOINDEX_PATHS, publicPaths } from './lib/public-paths';

export interface RenderOptions {
  request: Request;
  manifest: ServerManifest;
  nonce: string;
}

/** Installs the in-process transport the server renderer's loaders call server functions with. */
export function installServerFnTransport(transport: ServerFnTransport): void {
  setServerFnTransport(transport);
}

let shared: Promise<ReadonlySet<string>> | undefined;

/** The key under which every signed-out visitor may be given the same render of this address; undefined: render per visit. */
export async function sharedPageKey(pathname: string, search: string): Promise<string | undefined> {
  shared ??= publicPaths().then(sharedPaths);
  return keyAmong(await shared, pathname, search);
}

/** Renders one request to a complete HTML Response (status 404 for unmatched paths). */
export async function render({ request, manifest, nonce }: RenderOptions): Promise<Response> {
  // A render to a string shows a component still loading as nothing: these must be ready.
  await Promise.all([preloadRareScreens(), UserMenu.preload?.(), siteFooter.preload()]);
  const handler = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ nonce }),
    getRouterManifest: () => manifest,
  });
  return handler(async ({ router, responseHeaders }) => {
    const response = await renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> });
    const status = failedPageStatus(router.state.matches, response.status);
    if (status === response.status) return response;
    return new Response(response.body, { status, headers: response.headers });
  });
}

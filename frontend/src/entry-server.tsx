import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import type { ServerManifest } from '@tanstack/router-core';
import { createAppRouter } from './router';
import { setServerFnTransport, type ServerFnTransport } from './lib/server-fn-client';

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

/** Renders one request to a complete HTML Response (status 404 for unmatched paths). */
export async function render({ request, manifest, nonce }: RenderOptions): Promise<Response> {
  const handler = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ nonce }),
    getRouterManifest: () => manifest,
  });
  return handler(({ router, responseHeaders }) =>
    renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> }),
  );
}

import type { ServerRedirect } from '../../../contracts/server-fn';

/** Thrown by a handler to answer with a redirect envelope (a 303 for a plain form post). */
export class ServerRedirectSignal {
  constructor(readonly redirect: ServerRedirect) {}
}

export function redirectTo(
  to: string,
  options: { search?: Record<string, string | number | boolean>; hash?: string; statusCode?: number } = {},
): ServerRedirectSignal {
  const search = options.search ?? {};
  const query = new URLSearchParams(Object.entries(search).map(([k, v]) => [k, String(v)])).toString();
  const hash = options.hash ?? '';
  return new ServerRedirectSignal({
    statusCode: options.statusCode ?? 307,
    href: `${to}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`,
    to,
    search,
    hash,
  });
}

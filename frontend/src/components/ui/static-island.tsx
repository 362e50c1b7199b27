import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ComponentType, type ReactElement } from 'react';
import { useRouter, useRouterState, type AnyRouter } from '@tanstack/react-router';

/** React hydrates the island's element and leaves what the server put inside it as it is. */
const KEEP_SERVER_HTML = { __html: '' };
const subscribeToNothing = () => () => {};
const notHydrating = () => false;
const isHydrating = () => true;

export interface StaticIsland {
  Island: () => ReactElement;
  /**
   * Fetches the island's code, which must be there before the server renders (a page's loader, or
   * the server renderer, calls it); in the browser, a page's loader fetches it before rendering.
   */
  preload: () => Promise<unknown>;
}

/**
 * A part of a page that is markup and links only. The server renders it; the browser keeps that
 * HTML as it is instead of hydrating it, so its code is no part of the page's first load. Its links
 * are still followed in the app (and preloaded on intent), and marked current, like `<Link>`s. The
 * code loads only when the browser has to render the part itself: on a client-side navigation to
 * the page, or a remount (a new `key`).
 */
export function staticIsland(name: string, load: () => Promise<ComponentType>): StaticIsland {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  // Should the loader not have fetched it (it always does), rendering waits for it.
  const Pending = lazy(() => preload().then((component) => ({ default: component })));

  function Island(): ReactElement {
    // Kept when this mount hydrates the server's HTML (React reads the server snapshot only then, also
    // when the page's chunk arrives after the rest has hydrated), never when the browser renders it.
    const hydrating = useSyncExternalStore(subscribeToNothing, notHydrating, isHydrating);
    const [kept] = useState(() => hydrating && !import.meta.env.SSR && document.querySelector(`[data-static-island="${name}"]`) !== null);
    const ref = useRef<HTMLDivElement>(null);
    const router = useRouter();
    useEffect(() => (kept && ref.current ? followLinksInApp(ref.current, router) : undefined), [kept, router]);
    const pathname = useRouterState({ select: (state) => state.location.pathname });
    useEffect(() => {
      if (kept && ref.current) markCurrentLinks(ref.current, pathname);
    }, [kept, pathname]);

    if (kept) return <div ref={ref} data-static-island={name} className="contents" suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />;
    const Rendered = loaded;
    return (
      <div data-static-island={name} className="contents">
        {Rendered ? (
          <Rendered />
        ) : (
          <Suspense fallback={null}>
            <Pending />
          </Suspense>
        )}
      </div>
    );
  }
  return { Island, preload };
}

/** What `<Link>` marks on a link to the current page (NavLink's rule: "/" only on the home page itself). */
function markCurrentLinks(element: HTMLElement, pathname: string): void {
  for (const anchor of element.querySelectorAll('a')) {
    if (anchor.target && anchor.target !== '_self') continue;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) continue;
    const current = url.pathname === '/' ? pathname === '/' : pathname === url.pathname || pathname.startsWith(`${url.pathname}/`);
    anchor.classList.toggle('active', current);
    if (current) {
      anchor.setAttribute('aria-current', 'page');
      anchor.dataset.status = 'active';
    } else {
      anchor.removeAttribute('aria-current');
      delete anchor.dataset.status;
    }
  }
}

/** Same-site links in `element` navigate in the app, as `<Link>` does, instead of loading a new document. */
function followLinksInApp(element: HTMLElement, router: AnyRouter): () => void {
  const sameSiteHref = (target: EventTarget | null): string | null => {
    const anchor = target instanceof Element ? target.closest('a') : null;
    if (!anchor || !element.contains(anchor) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
    const url = new URL(anchor.href, window.location.href);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  };
  const onClick = (event: MouseEvent) => {
    const href = sameSiteHref(event.target);
    if (!href || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  let preloaded: string | null = null;
  const onIntent = (event: Event) => {
    const href = sameSiteHref(event.target);
    if (!href || href === preloaded) return;
    preloaded = href;
    const url = new URL(href, window.location.origin);
    router.preloadRoute({ to: url.pathname, search: router.options.parseSearch(url.search), hash: url.hash.slice(1) }).catch(() => undefined);
  };
  element.addEventListener('click', onClick);
  element.addEventListener('mouseover', onIntent);
  element.addEventListener('focusin', onIntent);
  element.addEventListener('touchstart', onIntent, { passive: true });
  return () => {
    element.removeEventListener('click', onClick);
    element.removeEventListener('mouseover', onIntent);
    element.removeEventListener('focusin', onIntent);
    element.removeEventListener('touchstart', onIntent);
  };
}

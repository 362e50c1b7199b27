import type { AnyRouter } from '@tanstack/react-router';

export const GTAG_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/**
 * Starts gtag.js with IP anonymisation and sends a page view now and on every resolved navigation
 * (client-side route changes count too). No inline script: CSP stays nonce-only. Returns the stop.
 */
export function startAnalytics(measurementId: string, router: AnyRouter): () => void {
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads `arguments` objects from dataLayer, not arrays.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', measurementId, { anonymize_ip: true, send_page_view: false });
  if (!document.querySelector(`script[data-gtag="${measurementId}"]`)) {
    const script = document.createElement('script');
    script.async = true;
    script.src = `${GTAG_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
    script.dataset.gtag = measurementId;
    document.head.appendChild(script);
  }
  const sendPageView = () =>
    window.gtag?.('event', 'page_view', {
      page_path: router.state.location.pathname + router.state.location.searchStr,
      page_location: window.location.href,
      page_title: document.title,
    });
  sendPageView();
  return router.subscribe('onResolved', (event) => {
    if (event.pathChanged || event.hrefChanged) sendPageView();
  });
}

import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';

export const GTAG_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/**
 * Google Analytics (gtag.js) with IP anonymisation, only when a measurement id is configured.
 * Page views are sent by us on every resolved navigation, the first load included, so
 * client-side route changes count too. No inline script: CSP stays nonce-only.
 */
export function Analytics({ measurementId }: { measurementId: string | null }) {
  const router = useRouter();

  useEffect(() => {
    if (!measurementId) return;
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
  }, [measurementId, router]);

  return null;
}

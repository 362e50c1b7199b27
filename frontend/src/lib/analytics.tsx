import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';

/**
 * Google Analytics (gtag.js, see ./gtag), only when a measurement id is configured: its code loads
 * then, and with no other page. Page views are sent on every resolved navigation, the first included.
 */
export function Analytics({ measurementId }: { measurementId: string | null }) {
  const router = useRouter();

  useEffect(() => {
    if (!measurementId) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    void import('./gtag').then(({ startAnalytics }) => {
      if (!stopped) stop = startAnalytics(measurementId, router);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [measurementId, router]);

  return null;
}

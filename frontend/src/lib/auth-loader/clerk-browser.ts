import { parsePublishableKey, PublishableKeyError } from '../../../../contracts/auth/publishable-key';
import { ClerkLoadError, loadClerkScript } from './clerk-script-loader';

/** The part of Clerk's browser object (`window.Clerk`) the site uses. */
interface ClerkGlobal {
  loaded?: boolean;
  load(options?: Record<string, unknown>): Promise<void>;
  openSignIn(options?: { forceRedirectUrl?: string; fallbackRedirectUrl?: string }): void;
  signOut(options?: { redirectUrl?: string }): Promise<void>;
}

declare global {
  interface Window {
    Clerk?: ClerkGlobal;
  }
}

export interface ClerkBrowser {
  openSignIn(redirectUrl?: string): void;
  signOut(): Promise<void>;
}

let loading: Promise<ClerkBrowser> | undefined;

/**
 * Loads Clerk's browser script from the instance's frontend API, only when asked (a click on Sign
 * In, or a signed-in page that keeps the session fresh), with the spec's retries and timeout. A
 * failure rejects with ClerkLoadError (failed_to_load_clerk_js, 'Failed to load Clerk') and the
 * next call tries again. A missing or malformed publishable key rejects with PublishableKeyError.
 */
export function loadClerkBrowser(publishableKey: string): Promise<ClerkBrowser> {
  loading ??= load(publishableKey).catch((error: unknown) => {
    loading = undefined;
    throw error instanceof ClerkLoadError || error instanceof PublishableKeyError ? error : new ClerkLoadError('failed_to_load_clerk_js');
  });
  return loading;
}

async function load(publishableKey: string): Promise<ClerkBrowser> {
  const { frontendApi } = parsePublishableKey(publishableKey);
  const src = `https://${frontendApi}/npm/@clerk/clerk-js@5/dist/clerk.browser.js`;
  let script: HTMLScriptElement | undefined;
  await loadClerkScript({
    inject: () =>
      new Promise<void>((resolve, reject) => {
        script?.remove();
        script = document.createElement('script');
        script.src = src;
        script.async = true;
        script.crossOrigin = 'anonymous';
        script.dataset.clerkPublishableKey = publishableKey;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error(`could not load ${src}`));
        document.head.append(script);
      }),
    isReady: () => Boolean(window.Clerk),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    random: Math.random,
  });
  const clerk = window.Clerk!;
  if (!clerk.loaded) await clerk.load();
  return {
    openSignIn: (redirectUrl) => clerk.openSignIn(redirectUrl ? { forceRedirectUrl: redirectUrl } : {}),
    signOut: () => clerk.signOut({ redirectUrl: '/' }),
  };
}

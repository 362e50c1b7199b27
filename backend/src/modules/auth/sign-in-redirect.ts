import { redirectTo, type ServerRedirectSignal } from '../../server-fn/server-redirect';

/** Sends a signed-out visitor to the home page with the sign-in open, and back to `returnTo` after. */
export function signInRedirect(returnTo: string): ServerRedirectSignal {
  return redirectTo('/', { search: { sign_in: '1', redirect_url: returnTo } });
}

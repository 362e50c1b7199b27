import { redirectTo, type ServerRedirectSignal } from '../../server-fn/server-redirect';

/** Sends a signed-out visitor to the home page with the sign-in open (`?sign_in=open`, a value the router leaves unquoted), and back to `returnTo` after. */
export function signInRedirect(returnTo: string): ServerRedirectSignal {
  return redirectTo('/', { search: { sign_in: 'open', redirect_url: returnTo } });
}

import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { redirectTo, type ServerRedirectSignal } from '../../server-fn/server-redirect';
import type { Auth, SignedInUser } from './auth';

/** Sends a signed-out visitor to the home page with the sign-in open (`?sign_in=open`, a value the router leaves unquoted), and back to `returnTo` after. */
export function signInRedirect(returnTo: string): ServerRedirectSignal {
  return redirectTo('/', { search: { sign_in: 'open', redirect_url: returnTo } });
}

/** The signed-in user of a page that needs one; anyone else is sent to sign in and back to `returnTo`. */
export async function userOrSignIn(auth: Auth, context: ServerFnContext, returnTo: string): Promise<SignedInUser> {
  const user = await auth.user(context);
  if (user) return user;
  throw signInRedirect(returnTo);
}

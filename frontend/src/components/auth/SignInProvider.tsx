import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { AuthProvider, safeRedirectPath, type AuthState, type SignInOptions } from '../../lib/auth';
import { signOutEverywhereMutation, signOutMutation, viewerQuery } from '../../queries/auth';
import type { ClerkRequest, ClerkStatus } from './ClerkSignIn';

const LocalSignInDialog = lazy(() => import('./LocalSignInDialog'));
const ClerkSignIn = lazy(() => import('./ClerkSignIn'));

/** Pages where a Clerk session is kept fresh (Clerk's tokens last a minute). */
const SIGNED_IN_AREAS = ['/dashboard', '/checkout'];

/** Clerk's `__client_uat` cookie: when the browser last signed in (0 or absent: signed out). */
function hasClerkSignIn(): boolean {
  return /(?:^|;\s*)__client_uat=([1-9]\d*)/.test(document.cookie);
}

/**
 * The site's sign-in state. The viewer comes from the session cookie (read on the server), so
 * no sign-in code loads on pages until it is needed: the local sign-in dialog, or Clerk (loaded
 * when someone signs in or out, and on signed-in pages). `?sign_in=open&redirect_url=…` (where the
 * server sends signed-out visitors) opens it on arrival and after any client navigation there.
 */
export function SignInProvider({ children }: { children: ReactNode }) {
  // Non-suspending on purpose: the root loader fetches it, and a failure there only means signed out.
  const { data } = useQuery(viewerQuery());
  const queryClient = useQueryClient();
  const router = useRouter();
  const { mutateAsync: signOutHere } = useMutation(signOutMutation());
  const { mutateAsync: signOutOfEverySession } = useMutation(signOutEverywhereMutation());
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [localSignIn, setLocalSignIn] = useState<{ redirectUrl?: string; options?: SignInOptions } | null>(null);
  const clerkKey = data?.signIn.mode === 'clerk' ? data.signIn.publishableKey : null;
  const [clerkRequest, setClerkRequest] = useState<ClerkRequest | null>(null);
  const [clerkStatus, setClerkStatus] = useState<ClerkStatus | null>(null);
  const [clerkSignedIn, setClerkSignedIn] = useState(false);
  // Clerk only ever mounts in the browser, after hydration.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (clerkKey) setClerkSignedIn(hasClerkSignIn());
  }, [clerkKey, pathname]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries();
    await router.invalidate();
  }, [queryClient, router]);

  const openSignIn = useCallback(
    (redirectUrl?: string, options?: SignInOptions) => {
      const target = safeRedirectPath(redirectUrl);
      if (clerkKey)
        setClerkRequest((previous) => ({
          id: (previous?.id ?? 0) + 1,
          kind: options?.mode === 'sign-up' ? 'sign-up' : 'sign-in',
          redirectUrl: target,
          email: options?.email,
        }));
      else setLocalSignIn({ redirectUrl: target, options });
    },
    [clerkKey],
  );

  // `?sign_in=open&redirect_url=…` opens the sign-in wherever it appears: on arrival, and after a
  // client navigation (a server redirect from a signed-in page turns into one), not only on mount.
  const location = useRouterState({ select: (state) => state.location });
  useEffect(() => {
    const params = new URLSearchParams(location.searchStr);
    if (params.get('sign_in') !== 'open') return;
    const redirectUrl = safeRedirectPath(params.get('redirect_url'));
    params.delete('sign_in');
    params.delete('redirect_url');
    const rest = params.toString();
    const here = `${location.pathname}${rest ? `?${rest}` : ''}${location.hash ? `#${location.hash}` : ''}`;
    if (data?.viewer && redirectUrl) {
      void router.navigate({ href: redirectUrl, replace: true });
      return;
    }
    void router.navigate({ href: here, replace: true });
    if (!data?.viewer) openSignIn(redirectUrl);
    // Only when the address gains the parameters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.searchStr]);

  const afterLocalSignOut = useCallback(async () => {
    // Signed out as soon as the server says so: the header must not show the old name while the home page loads.
    const viewer = queryClient.getQueryData(viewerQuery().queryKey);
    queryClient.clear();
    if (viewer) queryClient.setQueryData(viewerQuery().queryKey, { ...viewer, viewer: null });
    await router.navigate({ to: '/' });
    await refresh();
  }, [queryClient, refresh, router]);

  const onClerkStatus = useCallback((status: ClerkStatus) => {
    setClerkStatus(status);
    if (status === 'error') console.warn('Sign-in could not load (failed_to_load_clerk_js): Failed to load Clerk');
  }, []);

  const signedIn = Boolean(data?.viewer) || (Boolean(clerkKey) && clerkSignedIn);
  const value = useMemo<AuthState>(
    () => ({
      status: signedIn ? 'signed-in' : 'signed-out',
      user: data?.viewer ? { name: data.viewer.name, email: data.viewer.email } : signedIn ? { name: 'Account' } : null,
      openSignIn,
      signOut: async () => {
        if (clerkKey) {
          setClerkRequest((previous) => ({ id: (previous?.id ?? 0) + 1, kind: 'sign-out' }));
          return;
        }
        await signOutHere();
        await afterLocalSignOut();
      },
      signOutEverywhere: async () => {
        await signOutOfEverySession();
        if (clerkKey) {
          setClerkRequest((previous) => ({ id: (previous?.id ?? 0) + 1, kind: 'sign-out' }));
          return;
        }
        await afterLocalSignOut();
      },
      loadError:
        clerkStatus === 'error'
          ? {
              code: 'failed_to_load_clerk_js',
              message: 'Failed to load Clerk',
              // Clerk keeps one instance per page, failed or not: a fresh page is a fresh try.
              retry: () => {
                const url = new URL(window.location.href);
                url.searchParams.set('sign_in', 'open');
                url.searchParams.set('redirect_url', `${window.location.pathname}${window.location.search}`);
                window.location.assign(url.toString());
              },
            }
          : null,
    }),
    [afterLocalSignOut, clerkKey, clerkStatus, data, openSignIn, signOutHere, signOutOfEverySession, signedIn],
  );

  const clerkNeeded = hydrated && Boolean(clerkKey) && (clerkRequest !== null || (signedIn && SIGNED_IN_AREAS.some((area) => pathname.startsWith(area))));
  return (
    <AuthProvider value={value}>
      {children}
      {clerkNeeded && clerkKey ? (
        <Suspense fallback={null}>
          <ClerkSignIn publishableKey={clerkKey} request={clerkRequest} onStatus={onClerkStatus} />
        </Suspense>
      ) : null}
      {localSignIn ? (
        <Suspense fallback={null}>
          <LocalSignInDialog
            initial={localSignIn.options}
            onClose={() => setLocalSignIn(null)}
            onSignedIn={async () => {
              setLocalSignIn(null);
              await refresh();
              if (localSignIn.redirectUrl) await router.navigate({ href: localSignIn.redirectUrl });
            }}
          />
        </Suspense>
      ) : null}
    </AuthProvider>
  );
}

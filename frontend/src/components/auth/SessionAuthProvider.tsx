import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { signOut as signOutContract } from '../../../../contracts/auth/auth.contract';
import { AuthProvider, safeRedirectPath, type AuthState } from '../../lib/auth';
import { callServerFn } from '../../lib/server-fn-client';
import { viewerQuery } from '../../queries/auth';
import type { ClerkBrowser } from '../../lib/auth-loader/clerk-browser';

const LocalSignInDialog = lazy(() => import('./LocalSignInDialog'));

/**
 * The site's sign-in state: the viewer comes from the session cookie (server-read), so no sign-in
 * code loads on pages until someone asks to sign in. `?sign_in=open&redirect_url=…` (where the server
 * sends signed-out visitors) opens it on arrival.
 */
export function SessionAuthProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(viewerQuery());
  const queryClient = useQueryClient();
  const router = useRouter();
  const [signIn, setSignIn] = useState<{ redirectUrl?: string } | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('sign_in') !== 'open') return;
    const redirectUrl = safeRedirectPath(params.get('redirect_url'));
    params.delete('sign_in');
    params.delete('redirect_url');
    const rest = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
    if (data?.viewer && redirectUrl) void router.navigate({ href: redirectUrl });
    else if (!data?.viewer) value.openSignIn(redirectUrl);
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries();
    await router.invalidate();
  }, [queryClient, router]);

  const clerkKey = data?.signIn.mode === 'clerk' ? data.signIn.publishableKey : null;
  const [loadError, setLoadError] = useState<{ code: string; message: string } | null>(null);
  const withClerk = useCallback(
    async (use: (clerk: ClerkBrowser) => void | Promise<void>) => {
      if (!clerkKey) return;
      try {
        setLoadError(null);
        const { loadClerkBrowser } = await import('../../lib/auth-loader/clerk-browser');
        await use(await loadClerkBrowser(clerkKey));
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'failed_to_load_clerk_js';
        console.warn(`Sign-in could not load (${code}):`, error);
        setLoadError({ code, message: error instanceof Error ? error.message : 'Failed to load Clerk' });
      }
    },
    [clerkKey],
  );

  const value = useMemo<AuthState>(
    () => ({
      status: data?.viewer ? 'signed-in' : 'signed-out',
      user: data?.viewer ? { name: data.viewer.name, email: data.viewer.email } : null,
      openSignIn: (redirectUrl) => {
        const target = safeRedirectPath(redirectUrl);
        if (clerkKey) void withClerk((clerk) => clerk.openSignIn(target));
        else setSignIn({ redirectUrl: target });
      },
      signOut: async () => {
        if (clerkKey) await withClerk((clerk) => clerk.signOut());
        else await callServerFn(signOutContract, {});
        queryClient.clear();
        await router.navigate({ to: '/' });
        await refresh();
      },
      loadError: loadError ? { ...loadError, retry: () => void withClerk((clerk) => clerk.openSignIn()) } : null,
    }),
    [clerkKey, data, loadError, queryClient, refresh, router, withClerk],
  );

  return (
    <AuthProvider value={value}>
      {children}
      {signIn ? (
        <Suspense fallback={null}>
          <LocalSignInDialog
            onClose={() => setSignIn(null)}
            onSignedIn={async () => {
              setSignIn(null);
              await refresh();
              if (signIn.redirectUrl) await router.navigate({ href: signIn.redirectUrl });
            }}
          />
        </Suspense>
      ) : null}
    </AuthProvider>
  );
}

import { useEffect } from 'react';
import { ClerkProvider, useClerk } from '@clerk/react';

export type ClerkStatus = 'loading' | 'ready' | 'degraded' | 'error';
export interface ClerkRequest {
  id: number;
  kind: 'sign-in' | 'sign-up' | 'sign-out';
  redirectUrl?: string;
  /** Prefilled in Clerk's form (an invitation's address). */
  email?: string;
}

/**
 * Clerk, mounted only when it is needed: someone asked to sign in or out, or a signed-in page
 * keeps its session fresh. Requests made while Clerk's script loads are carried out once it has.
 */
export default function ClerkSignIn({
  publishableKey,
  request,
  onStatus,
}: {
  publishableKey: string;
  request: ClerkRequest | null;
  onStatus(status: ClerkStatus): void;
}) {
  useEffect(() => {
    // Clerk's loader leaves one of its retries' rejections unhandled when its script cannot load;
    // the failure is already shown as the 'error' status, so it must not reach the page as uncaught.
    const swallowLoadFailure = (event: PromiseRejectionEvent) => {
      const code = (event.reason as { code?: unknown } | null)?.code;
      if (typeof code === 'string' && code.startsWith('failed_to_load_clerk')) event.preventDefault();
    };
    window.addEventListener('unhandledrejection', swallowLoadFailure);
    return () => window.removeEventListener('unhandledrejection', swallowLoadFailure);
  }, []);
  return (
    <ClerkProvider publishableKey={publishableKey} afterSignOutUrl="/">
      <ClerkDriver request={request} onStatus={onStatus} />
    </ClerkProvider>
  );
}

function ClerkDriver({ request, onStatus }: { request: ClerkRequest | null; onStatus(status: ClerkStatus): void }) {
  const clerk = useClerk();
  const status = (clerk as unknown as { status?: ClerkStatus }).status ?? 'loading';
  useEffect(() => onStatus(status), [status, onStatus]);
  useEffect(() => {
    if (!request || status === 'error') return;
    const redirect = request.redirectUrl ? { forceRedirectUrl: request.redirectUrl } : {};
    const initialValues = request.email ? { initialValues: { emailAddress: request.email } } : {};
    if (request.kind === 'sign-in') clerk.openSignIn({ ...redirect, ...initialValues });
    else if (request.kind === 'sign-up') clerk.openSignUp({ ...redirect, ...initialValues });
    else void clerk.signOut({ redirectUrl: '/' });
    // Each request once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request?.id, status === 'error']);
  return null;
}

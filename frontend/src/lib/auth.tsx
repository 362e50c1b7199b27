import { createContext, useContext, type ReactNode } from 'react';

export interface SignInOptions {
  email?: string;
  mode?: 'sign-in' | 'sign-up';
}

/** What the shell needs to know about the visitor, whichever sign-in the site uses. */
export interface AuthState {
  status: 'signed-out' | 'signed-in';
  user: { name: string; email?: string | null; imageUrl?: string } | null;
  /**
   * Opens the sign-in; `redirectUrl` is where to go once signed in (a path on this site). An
   * invitation opens it for its address: `email` prefilled, as a sign-up when `mode` says so.
   */
  openSignIn(redirectUrl?: string, options?: SignInOptions): void;
  signOut(): Promise<void>;
  /** Ends every session of the account, on every device, then signs this browser out. */
  signOutEverywhere(): Promise<void>;
  /** When the hosted sign-in script could not load: its error, and a way to try again. */
  loadError?: { code: string; message: string; retry(): void } | null;
}

const SIGNED_OUT: AuthState = {
  status: 'signed-out',
  user: null,
  openSignIn: () => {},
  signOut: async () => {},
  signOutEverywhere: async () => {},
};

const AuthContext = createContext<AuthState>(SIGNED_OUT);

/**
 * Provides the auth state. Without `value` it passes on whatever an outer provider gave (signed
 * out when there is none), so the shell's own provider never hides a real one mounted above it.
 */
export function AuthProvider({ value, children }: { value?: AuthState; children: ReactNode }) {
  const inherited = useContext(AuthContext);
  return <AuthContext.Provider value={value ?? inherited}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

/** Only paths on this site are followed after sign-in (never another origin). */
export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

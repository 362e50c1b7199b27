import { createContext, useContext, type ReactNode } from 'react';

/** What the shell needs to know about the visitor. Real sign-in plugs in here later. */
export interface AuthState {
  status: 'signed-out' | 'signed-in';
  user: { name: string; imageUrl?: string } | null;
  openSignIn(): void;
  signOut(): Promise<void>;
}

const SIGNED_OUT: AuthState = {
  status: 'signed-out',
  user: null,
  openSignIn: () => {},
  signOut: async () => {},
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

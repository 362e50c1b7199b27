import { KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui/Button';

/** The admin token form: a plain POST, so it works before JavaScript loads. */
export function AdminSignIn({ failed }: { failed: boolean }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-20">
      <div className="rounded-2xl border border-line bg-surface-raised p-6 shadow-panel">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-600/20 text-accent-300">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <h1 className="mt-4 text-2xl font-semibold text-ink">Administration</h1>
        <p className="mt-2 text-sm text-ink-muted">Sign in with the admin token configured on this server to read and replay the event history.</p>
        <form method="post" action="/admin/session" className="mt-6 space-y-4">
          <div>
            <label htmlFor="admin-token" className="block text-sm font-medium text-ink">
              Admin token
            </label>
            <input
              id="admin-token"
              name="token"
              type="password"
              required
              minLength={16}
              autoComplete="current-password"
              aria-invalid={failed || undefined}
              aria-describedby={failed ? 'admin-token-error' : undefined}
              className="mt-1.5 h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-ink focus:border-accent-400"
            />
            {failed ? (
              <p id="admin-token-error" role="alert" className="mt-2 text-sm text-danger">
                That token is not right. Check ADMIN_TOKEN on the server and try again.
              </p>
            ) : null}
          </div>
          <Button type="submit" className="w-full">
            Sign in
          </Button>
        </form>
      </div>
    </div>
  );
}

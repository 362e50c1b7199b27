import { useRouterState } from '@tanstack/react-router';
import { Ban, House, LogIn, SearchX, Timer } from 'lucide-react';
import type { ServerFnError } from '../../lib/server-fn-client';
import { useAuth } from '../../lib/auth';
import { Button } from '../ui/Button';
import { CallToAction } from '../ui/CallToAction';
import { ErrorScreenFrame } from './ErrorScreenFrame';

/**
 * The page for a route whose data was refused with a 4xx: the server answers with that status and
 * this screen says what the visitor can do about it (read the address again, sign in, go
 * elsewhere), never "usually temporary", which it is not.
 */
export function RefusedPageScreen({ error }: { error: ServerFnError }) {
  const location = useRouterState({
    select: (state) => ({ pathname: state.location.pathname, searchStr: state.location.searchStr, href: state.location.href }),
  });
  const auth = useAuth();
  const home = (
    <CallToAction to="/" variant="secondary" size="lg">
      <House aria-hidden="true" />
      Home
    </CallToAction>
  );
  if (error.status === 401) {
    return (
      <ErrorScreenFrame icon={<LogIn aria-hidden="true" />} tone="accent" title="Sign in to see this page" message={error.message}>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button size="lg" onClick={() => auth.openSignIn(location.href)}>
            <LogIn aria-hidden="true" />
            Sign in
          </Button>
          {home}
        </div>
      </ErrorScreenFrame>
    );
  }
  if (error.status === 403) {
    return (
      <ErrorScreenFrame icon={<Ban aria-hidden="true" />} tone="accent" title="This page is not open to you" message={error.message}>
        <div className="mt-8">{home}</div>
      </ErrorScreenFrame>
    );
  }
  if (error.status === 429) {
    return (
      <ErrorScreenFrame icon={<Timer aria-hidden="true" />} tone="accent" title="Too many requests" message={error.message}>
        <div className="mt-8">{home}</div>
      </ErrorScreenFrame>
    );
  }
  const fromSearch = location.searchStr.length > 1;
  const problem = error.issues?.[0]?.message ?? error.message;
  return (
    <ErrorScreenFrame
      icon={<SearchX aria-hidden="true" />}
      tone="accent"
      title={fromSearch ? "We can't run this search" : "We can't open this address"}
      message={problem}
    >
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {fromSearch ? (
          <CallToAction href={location.pathname} size="lg">
            Open the page without the search
          </CallToAction>
        ) : null}
        {home}
      </div>
    </ErrorScreenFrame>
  );
}

import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Gift, LoaderCircle } from 'lucide-react';
import { initiateCheckout } from '@contracts/checkout/checkout.contract';
import { checkoutPagePath, libraryItemPath } from '@contracts/checkout/checkout-links';
import { useAuth } from '../../lib/auth';
import { ServerFnError } from '../../lib/server-fn-client';
import { initiateCheckoutMutation } from '../../queries/account';
import { FormAlert } from '../forms/FormField';
import { Button, type ButtonSize } from '../ui/Button';
import { rememberFreeClaim, takeFreeClaim } from './free-claim';

/**
 * "Get it free": one press adds a free item to the account and opens it in the library. Signed
 * out, the sign-in opens first and the item is added on the way back. Before JavaScript loads it
 * is a plain form POST that the server answers with a 303 to the library item.
 */
export function GetItFreeForm({
  resourceId,
  claimOnArrival = false,
  size = 'lg',
  className,
}: {
  resourceId: string;
  claimOnArrival?: boolean;
  size?: ButtonSize;
  className?: string;
}) {
  const auth = useAuth();
  const router = useRouter();
  const claim = useMutation(
    initiateCheckoutMutation({
      onSuccess: async (outcome) => {
        if (outcome.outcome === 'granted') await router.navigate({ href: libraryItemPath(outcome.resourceId) });
        else if (outcome.outcome === 'redirect') window.location.assign(outcome.url);
        else await router.navigate({ href: checkoutPagePath({ resourceId }, { status: 'configuration-error' }) });
      },
    }),
  );
  const signInFirst = () => {
    rememberFreeClaim(resourceId);
    auth.openSignIn(checkoutPagePath({ resourceId }));
  };
  const claimed = useRef(false);
  useEffect(() => {
    if (claimOnArrival && !claimed.current && takeFreeClaim(resourceId)) {
      claimed.current = true;
      claim.mutate({ resourceId, quantity: 1 });
    }
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const signedOutAnswer = claim.error instanceof ServerFnError && claim.error.code === 'UNAUTHENTICATED';
  useEffect(() => {
    if (signedOutAnswer) signInFirst();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedOutAnswer]);
  const pending = claim.isPending || claim.isSuccess;
  const error =
    claim.error && !signedOutAnswer
      ? claim.error instanceof ServerFnError
        ? claim.error.message
        : 'We could not reach the site. Check your connection and try again.'
      : null;

  return (
    <form
      method="post"
      action={`/_serverFn/${initiateCheckout.id}`}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return;
        if (auth.status === 'signed-out') signInFirst();
        else claim.mutate({ resourceId, quantity: 1 });
      }}
    >
      <input type="hidden" name="resourceId" value={resourceId} />
      <input type="hidden" name="quantity" value="1" />
      <Button type="submit" size={size} className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Gift aria-hidden="true" />}
        {pending ? 'Adding to your library…' : 'Get it free'}
      </Button>
      {error ? (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
    </form>
  );
}

import { CheckCircle2, Library } from 'lucide-react';
import type { CheckoutData } from '@contracts/checkout/checkout.contract';
import { libraryItemPath } from '@contracts/checkout/checkout-links';
import { GetItFreeForm } from '../../../components/checkout/GetItFreeForm';
import { CallToAction } from '../../../components/ui/CallToAction';
import { OrderHeader } from './OrderHeader';

/**
 * /checkout for a free item: no payment anywhere, only the one-press add (done by itself when the
 * visitor pressed "Get it free" and signed in on the way), or, once it is on the account, the way to it.
 */
export function FreeCheckout({ data }: { data: CheckoutData & { resource: NonNullable<CheckoutData['resource']> } }) {
  const { resource } = data;
  return (
    <section aria-labelledby="order-heading" className="mt-8 overflow-hidden rounded-2xl border border-line bg-surface-raised">
      <OrderHeader resource={resource} />
      <div className="border-t border-line p-6 sm:p-8">
        {data.owned ? (
          <div className="space-y-4">
            <p className="flex items-center gap-2 text-ink">
              <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
              This is already on your account.
            </p>
            {/* The library page is a route of its own; a plain link reaches it however it is built. */}
            <CallToAction href={libraryItemPath(resource.id)}>
              <Library aria-hidden="true" />
              Open it in your library
            </CallToAction>
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-ink">Free to keep: it is added to your account and opens in your library.</p>
            <GetItFreeForm resourceId={resource.id} claimOnArrival />
          </div>
        )}
      </div>
    </section>
  );
}

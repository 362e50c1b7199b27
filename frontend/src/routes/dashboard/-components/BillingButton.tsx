import { useMutation } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { FormAlert } from '../../../components/forms/FormField';
import { Button, type ButtonVariant } from '../../../components/ui/Button';
import { openBillingPortalMutation } from '../../../queries/account';

/** Opens Stripe's billing portal (invoices, card, cancelling) for the signed-in customer. */
export function BillingButton({ label = 'Manage billing', variant = 'secondary' }: { label?: string; variant?: ButtonVariant }) {
  const portal = useMutation(openBillingPortalMutation({ onSuccess: ({ url }) => window.location.assign(url) }));
  return (
    <div className="space-y-2">
      <Button variant={variant} size="sm" onClick={() => portal.mutate()} disabled={portal.isPending || portal.isSuccess} aria-busy={portal.isPending}>
        <ExternalLink aria-hidden="true" />
        {portal.isPending || portal.isSuccess ? 'Opening billing…' : label}
      </Button>
      {portal.error ? <FormAlert>{portal.error.message}</FormAlert> : null}
    </div>
  );
}

import { formatMoney } from '@contracts/catalog/number-format';
import type { DashboardLicense } from '@contracts/dashboard/dashboard.contract';
import { CallToAction } from '../../../components/ui/CallToAction';

/** The owner's monthly plan billed yearly instead: the saving, and the checkout page that shows the proration and confirms the switch. */
export function AnnualOffer({ offer }: { offer: NonNullable<DashboardLicense['annualOffer']> }) {
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-accent-400/30 bg-accent-500/10 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="annual-offer"
    >
      <p className="text-sm text-ink">
        <span className="font-medium">{`Pay yearly and save ${formatMoney(offer.amountSavedCents)} a year (${offer.percentSaved}%):`}</span>
        {` ${formatMoney(offer.annualPriceCents)} a year instead of ${formatMoney(offer.yearOfMonthlyCents)}.`}
      </p>
      <CallToAction href={offer.checkoutPath} size="sm" className="self-start sm:shrink-0 sm:self-auto">
        Switch to yearly billing
      </CallToAction>
    </div>
  );
}

import type Stripe from 'stripe';
import type { BillingDetailsInput } from '../../../../../contracts/billing/billing-details.contract';
import type { BillingParty } from '../../../../../contracts/billing/charge-tax';
import { countryName } from '../../../../../contracts/billing/document-text';
import { taxIdTypeFor, taxIdValueFor } from '../../../../../contracts/billing/tax-id-types';
import type { StripeClient } from '../../../integrations/stripe';
import { TaxIdInvalidError, TaxIdUnsupportedError, TaxIdUnverifiedError } from '../invoicing.errors';

export type TaxIdStatus = 'none' | 'verified' | 'pending' | 'unavailable';

const orNull = (text: string) => (text === '' ? null : text);

/**
 * Billing details as Stripe keeps them on the customer: its name and address (which Stripe Tax taxes
 * later charges at) and at most one tax id, which Stripe checks with the tax authority. A number
 * the authority does not know is removed again and refused; an earlier number goes once the new
 * one is accepted.
 */
export class StripeBillingDetails {
  constructor(private readonly stripe: StripeClient) {}

  /** The country Stripe Tax treats as the seller's (its head office), or null when tax is not set up. */
  async taxOrigin(): Promise<string | null> {
    const settings = await this.stripe.api.tax.settings.retrieve();
    return settings.head_office?.address.country ?? null;
  }

  async save(customer: string, input: BillingDetailsInput): Promise<{ buyer: BillingParty; taxIdStatus: TaxIdStatus }> {
    const taxId = input.taxId ? await this.addTaxId(customer, input) : null;
    const address = {
      line1: input.line1,
      line2: orNull(input.line2),
      city: input.city,
      postalCode: orNull(input.postalCode),
      state: orNull(input.state),
      country: input.country,
    };
    const name = input.businessName || input.name;
    await this.stripe.api.customers.update(customer, {
      ...(name ? { name } : {}),
      address: {
        line1: address.line1,
        line2: address.line2 ?? '',
        city: address.city,
        postal_code: address.postalCode ?? '',
        state: address.state ?? '',
        country: address.country,
      },
    });
    const existing = await this.stripe.api.customers.listTaxIds(customer, { limit: 100 });
    for (const old of existing.data) if (old.id !== taxId?.id) await this.stripe.api.customers.deleteTaxId(customer, old.id);
    return {
      buyer: {
        name: orNull(input.name),
        businessName: orNull(input.businessName),
        address,
        taxIds: taxId ? [{ type: taxId.type, value: taxId.value, verified: taxId.verification?.status === 'verified' }] : [],
      },
      taxIdStatus: taxId ? statusOf(taxId) : 'none',
    };
  }

  /** The customer's tax id for the typed number: the one it has, or a new one Stripe accepted and the authority does not deny. */
  private async addTaxId(customer: string, input: BillingDetailsInput): Promise<Stripe.TaxId> {
    const type = taxIdTypeFor(input.country);
    if (!type) throw new TaxIdUnsupportedError(countryName(input.country));
    const value = taxIdValueFor(type, input.country, input.taxId);
    const existing = await this.stripe.api.customers.listTaxIds(customer, { limit: 100 });
    const known = existing.data.find((id) => id.type === type && id.value === value);
    if (known) return known;
    let made: Stripe.TaxId;
    try {
      made = await this.stripe.api.customers.createTaxId(customer, { type: type as Stripe.CustomerCreateTaxIdParams.Type, value });
    } catch (error) {
      if ((error as { code?: string }).code === 'tax_id_invalid') throw new TaxIdInvalidError(countryName(input.country));
      throw error;
    }
    if (made.verification?.status === 'unverified') {
      await this.stripe.api.customers.deleteTaxId(customer, made.id);
      throw new TaxIdUnverifiedError();
    }
    return made;
  }
}

function statusOf(taxId: Stripe.TaxId): TaxIdStatus {
  const status = taxId.verification?.status;
  return status === 'verified' ? 'verified' : status === 'pending' ? 'pending' : 'unavailable';
}

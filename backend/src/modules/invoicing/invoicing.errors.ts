import { ModuleError } from '../../platform/common/module-error';

/** No document by that number for the signed-in account: someone else's reads the same as none. */
export class BillingDocumentNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor() {
    super('No invoice or credit note by that number on your account.');
  }
}

/** A tax number of the wrong shape for the billing country, as Stripe refused it. */
export class TaxIdInvalidError extends ModuleError {
  static readonly code = 'billing.tax_id_invalid';
  static readonly status = 422;
  constructor(countryName: string) {
    super(`This is not a valid tax number for ${countryName}. Check it, including the country prefix, or leave the field empty.`);
  }
}

/** A VAT number the authority's register does not know (Stripe's verification `unverified`): not saved. */
export class TaxIdUnverifiedError extends ModuleError {
  static readonly code = 'billing.tax_id_unverified';
  static readonly status = 422;
  constructor() {
    super('The tax authority’s register does not confirm this number. Check it against your registration, or leave the field empty.');
  }
}

/** A tax number for a country whose numbers invoices do not carry. */
export class TaxIdUnsupportedError extends ModuleError {
  static readonly code = 'billing.tax_id_unsupported';
  static readonly status = 422;
  constructor(countryName: string) {
    super(`We cannot add a tax number from ${countryName} to invoices. Leave the field empty; your business name and address are enough there.`);
  }
}

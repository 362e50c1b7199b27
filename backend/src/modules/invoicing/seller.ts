import type { AppConfig } from '../../platform/config/config.schema';
import type { Seller } from './invoicing.events';

/**
 * The demo seller of a local run (production refuses to start without SELLER_NAME and SELLER_ADDRESS):
 * in Ireland, where the Stripe emulator's seller is by default (STRIPE_EMULATOR_TAX_ORIGIN), so the
 * reverse charge on its invoices agrees with the seller they name.
 */
const DEMO_SELLER = { name: 'SystemSculpt (demo)', address: ['1 Demo Street', 'Dublin D02 X285', 'Ireland'] };

/** The seller every document names, as configured when it is issued. */
export function sellerOf(config: Pick<AppConfig, 'SELLER_NAME' | 'SELLER_ADDRESS' | 'SELLER_TAX_ID' | 'SUPPORT_EMAIL'>): Seller {
  return {
    name: config.SELLER_NAME ?? DEMO_SELLER.name,
    address: config.SELLER_ADDRESS ?? DEMO_SELLER.address,
    taxId: config.SELLER_TAX_ID ?? null,
    email: config.SUPPORT_EMAIL,
  };
}

/** The seller, provided to the handlers. */
export class InvoiceSeller {
  constructor(readonly seller: Seller) {}
}

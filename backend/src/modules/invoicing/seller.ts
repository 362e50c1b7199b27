import type { AppConfig } from '../../platform/config/config.schema';
import type { Seller } from './invoicing.events';

/** The demo seller of a local run (production refuses to start without SELLER_NAME and SELLER_ADDRESS). */
const DEMO_SELLER = { name: 'SystemSculpt (demo)', address: ['1 Demo Street', 'London N1 1AA', 'United Kingdom'] };

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

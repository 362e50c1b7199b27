/** Where the emulator's hosted pages live, on the site's public origin (as Stripe's live on stripe.com). */
export interface EmulatorUrls {
  checkout(sessionId: string): string;
  billingPortal(sessionId: string): string;
  invoice(invoiceId: string): string;
}

export function emulatorUrls(publicUrl: string): EmulatorUrls {
  const at = (path: string) => new URL(path, publicUrl).toString();
  return {
    checkout: (id) => at(`/_stripe/checkout/${id}`),
    billingPortal: (id) => at(`/_stripe/billing/${id}`),
    invoice: (id) => at(`/_stripe/invoice/${id}`),
  };
}

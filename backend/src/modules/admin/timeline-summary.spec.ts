import { inWords, summarizeEvent } from './timeline-summary';

describe('summarizeEvent', () => {
  it('names the type in words and the facts the data holds', () => {
    expect(summarizeEvent('PurchaseCompleted', { title: 'Lifetime license', amountCents: 4900, currency: 'usd', userId: 'u1' })).toBe(
      'Purchase completed: Lifetime license, 49.00 USD',
    );
    expect(summarizeEvent('LicenseGranted', { resourceId: 'lifetime-license', plan: 'pro' })).toBe('License granted: lifetime-license, plan pro');
    expect(summarizeEvent('LicenseRevoked', { reason: 'refund' })).toBe('License revoked: reason: refund');
  });

  it('gives the type alone when the data names nothing it knows, or is no object', () => {
    expect(summarizeEvent('PendingPaymentSettled', { pendingPaymentId: 'pp-1' })).toBe('Pending payment settled');
    expect(summarizeEvent('PendingPaymentSettled', null)).toBe('Pending payment settled');
  });

  it('splits acronyms and digits sensibly', () => {
    expect(inWords('StripeCustomerLinked')).toBe('Stripe customer linked');
  });
});

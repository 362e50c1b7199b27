import type { CheckoutData } from '@contracts/checkout/checkout.contract';
import type { Resource } from '@contracts/catalog/resource';
import { purchaseDestination, purchaseLabel } from './purchase-outcome';

const paid = (resource: Partial<Resource>, quantity: number): CheckoutData => ({
  resource: { id: 'x', title: 'X', type: 'template', ...resource } as Resource,
  quantity: 1,
  quantityAdjustable: false,
  mode: 'payment',
  totalCents: 0,
  owned: true,
  trial: null,
  discount: null,
  codeRefusal: null,
  latest: { state: 'paid', at: '2026-11-24T12:00:00.000Z', quantity, charge: null, trial: null },
});

describe('what the success page says was bought', () => {
  it('names seats and packs with the recorded quantity', () => {
    expect(purchaseLabel(paid({ type: 'license', title: 'Pro' }, 3))).toBe('Pro — 3 seats');
    expect(purchaseLabel(paid({ type: 'license', title: 'Lifetime license' }, 1))).toBe('Lifetime license — 1 seat');
    expect(purchaseLabel(paid({ type: 'api_credits', title: '100,000 credit pack' }, 2))).toBe('2 × 100,000 credit pack');
    expect(purchaseLabel(paid({ type: 'ebook', title: 'The AI-Assisted Vault' }, 1))).toBe('The AI-Assisted Vault');
  });

  it('leads to where the thing is used', () => {
    expect(purchaseDestination(paid({ type: 'license' }, 3))).toEqual({ kind: 'dashboard', section: 'license', label: 'See your license' });
    expect(purchaseDestination(paid({ type: 'api_credits' }, 2))).toEqual({ kind: 'dashboard', label: 'See your credits' });
    expect(purchaseDestination(paid({ id: 'vault-kickstart-bundle', type: 'bundle' }, 1))).toEqual({
      kind: 'library',
      href: '/library/vault-kickstart-bundle',
      label: 'Open it in your library',
    });
  });
});

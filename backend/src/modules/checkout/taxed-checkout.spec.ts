import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { taxedCheckout } from './taxed-checkout';

const base = { mode: 'payment' as const, line_items: [{ price: 'price_1', quantity: 1 }], success_url: 'http://localhost:3000/checkout' };

describe('taxedCheckout', () => {
  it('asks Stripe Tax for the tax, the billing address it needs and a business buyer’s tax id', () => {
    expect(taxedCheckout(base)).toEqual({
      ...base,
      automatic_tax: { enabled: true },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: true },
    });
  });

  it('saves the address and name typed at checkout on an existing customer, as Stripe requires with tax ids', () => {
    expect(taxedCheckout({ ...base, mode: 'subscription', customer: 'cus_1' })).toMatchObject({
      customer: 'cus_1',
      automatic_tax: { enabled: true },
      customer_update: { address: 'auto', name: 'auto' },
    });
  });
});

describe('every Checkout Session the site opens', () => {
  const backend = join(__dirname, '..', '..');
  const sources = readdirSync(backend, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.startsWith('emulators'))
    .map((file) => ({ file, source: readFileSync(join(backend, file), 'utf8') }));

  it('goes through taxedCheckout', () => {
    const creates = sources.flatMap(({ file, source }) =>
      [...source.matchAll(/checkout\.sessions\.create\(\s*([\w.]+)\(/g)].map((match) => ({ file, wrapper: match[1] })),
    );
    const calls = sources.reduce((count, { source }) => count + [...source.matchAll(/checkout\.sessions\.create\(/g)].length, 0);
    expect(calls).toBeGreaterThan(0);
    expect(creates).toHaveLength(calls);
    expect(creates.filter((create) => create.wrapper !== 'taxedCheckout')).toEqual([]);
  });
});

import { checkoutSearchSchema } from './checkout-search';

const read = (search: Record<string, unknown>) => checkoutSearchSchema.parse(search);

describe('checkout search params', () => {
  it('keeps valid values, trimming the id and coercing the quantity', () => {
    expect(read({ resourceId: '  lifetime-license ', qty: '3', status: 'success' })).toEqual({ resourceId: 'lifetime-license', qty: 3, status: 'success' });
    expect(read({ resourceId: 'x'.repeat(120), qty: 50 })).toEqual({ resourceId: 'x'.repeat(120), qty: 50 });
    expect(read({ status: 'configuration-error' })).toEqual({ status: 'configuration-error' });
  });

  it('resets each invalid value to empty instead of failing', () => {
    expect(read({ resourceId: '   ', qty: '0', status: 'paid' })).toEqual({});
    expect(read({ resourceId: 'x'.repeat(121), qty: '51' })).toEqual({});
    expect(read({ qty: '2.5' })).toEqual({});
    expect(read({ qty: 'three', resourceId: 42 })).toEqual({});
    expect(read({ resourceId: 'pro-monthly', qty: -1 })).toEqual({ resourceId: 'pro-monthly' });
  });

  it('ignores parameters it does not know', () => {
    expect(read({ resourceId: 'pro-monthly', utm_source: 'x' })).toEqual({ resourceId: 'pro-monthly' });
  });
});

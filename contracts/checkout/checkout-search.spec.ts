import { checkoutSearchSchema } from './checkout-search';

const read = (search: Record<string, unknown>) => checkoutSearchSchema.parse(search);

describe('checkout search params', () => {
  it('keeps valid values, trimming the id and coercing the quantity', () => {
    expect(read({ resourceId: '  lifetime-license ', quantity: '3', status: 'success' })).toEqual({
      resourceId: 'lifetime-license',
      quantity: 3,
      status: 'success',
    });
    expect(read({ resourceId: 'x'.repeat(120), quantity: 50 })).toEqual({ resourceId: 'x'.repeat(120), quantity: 50 });
    expect(read({ status: 'configuration-error' })).toEqual({ status: 'configuration-error' });
  });

  it('resets each invalid value to empty instead of failing', () => {
    expect(read({ resourceId: '   ', quantity: '0', status: 'paid' })).toEqual({});
    expect(read({ resourceId: 'x'.repeat(121), quantity: '51' })).toEqual({});
    expect(read({ quantity: '2.5' })).toEqual({});
    expect(read({ quantity: 'three', resourceId: 42 })).toEqual({});
    expect(read({ resourceId: 'pro-monthly', quantity: -1 })).toEqual({ resourceId: 'pro-monthly' });
  });

  it('ignores parameters it does not know', () => {
    expect(read({ resourceId: 'pro-monthly', utm_source: 'x' })).toEqual({ resourceId: 'pro-monthly' });
  });
});

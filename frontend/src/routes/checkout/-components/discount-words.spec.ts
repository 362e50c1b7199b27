import { discountDuration, discountLabel } from './discount-words';

describe('how the checkout words a discount', () => {
  it('says how long a subscription keeps it, and nothing for a one-time purchase', () => {
    expect(discountDuration({ duration: { kind: 'once' } }, 'subscription')).toBe('on your first payment');
    expect(discountDuration({ duration: { kind: 'repeating', months: 1 } }, 'subscription')).toBe('for your first month');
    expect(discountDuration({ duration: { kind: 'repeating', months: 3 } }, 'subscription')).toBe('for your first 3 months');
    expect(discountDuration({ duration: { kind: 'forever' } }, 'subscription')).toBe('on every payment');
    expect(discountDuration({ duration: { kind: 'forever' } }, 'payment')).toBe('');
  });

  it('names a code by the code, a sale by its name', () => {
    expect(discountLabel({ code: 'LAUNCH20', name: 'Launch', stackedWith: null })).toBe('Code LAUNCH20');
    expect(discountLabel({ code: null, name: 'Holiday sale', stackedWith: null })).toBe('Holiday sale');
    expect(discountLabel({ code: 'STUDENT', name: 'Student + Course week', stackedWith: { promotionId: 'auto-1', name: 'Course week' } })).toBe(
      'Code STUDENT + Course week',
    );
  });
});

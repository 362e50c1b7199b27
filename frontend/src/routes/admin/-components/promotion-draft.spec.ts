import { EMPTY_DRAFT, readDraft, type PromotionDraft } from './promotion-draft';
import { discountWords, durationWords, limitWords, productWords, windowWords } from './promotion-words';

const draft = (changes: Partial<PromotionDraft>): PromotionDraft => ({ ...EMPTY_DRAFT, code: 'launch20', name: 'Launch', discountValue: '20', ...changes });

describe('the new-promotion form read into terms', () => {
  it('reads a code in upper case, dollars in cents, months, limits and UTC times', () => {
    const read = readDraft(
      draft({
        discountType: 'amount',
        discountValue: '4.99',
        durationKind: 'repeating',
        months: '3',
        productIds: ['pro-monthly'],
        maxRedemptions: '10',
        oncePerCustomer: true,
        minimum: '20',
        startsAt: '2026-12-01T09:30',
        endsAt: '2026-12-24T23:59',
      }),
    );
    expect(read).toEqual({
      terms: {
        code: 'LAUNCH20',
        name: 'Launch',
        discount: { type: 'amount', amountOffCents: 499, currency: 'usd' },
        duration: { kind: 'repeating', months: 3 },
        productIds: ['pro-monthly'],
        maxRedemptions: 10,
        oncePerCustomer: true,
        firstPurchaseOnly: false,
        minimumAmountCents: 2_000,
        startsAt: '2026-12-01T09:30:00.000Z',
        endsAt: '2026-12-24T23:59:00.000Z',
        stacksWithCodes: false,
      },
    });
  });

  it('gives an automatic promotion no code, and lets it combine with codes only when asked', () => {
    const read = readDraft(draft({ automatic: true, code: 'ignored', stacksWithCodes: true }));
    expect('terms' in read && [read.terms.code, read.terms.stacksWithCodes]).toEqual([null, true]);
    const coded = readDraft(draft({ stacksWithCodes: true }));
    expect('terms' in coded && coded.terms.stacksWithCodes).toBe(false);
  });

  it('puts each wrong term beside its field in plain words, or the schema’s own rule', () => {
    const read = readDraft(
      draft({
        code: 'x',
        name: ' ',
        discountValue: '120',
        durationKind: 'repeating',
        months: 'six',
        maxRedemptions: '0',
        minimum: '1.999',
      }),
    );
    expect(read).toEqual({
      errors: {
        code: 'A code is 3 to 40 letters, digits, dashes or underscores.',
        name: 'Give it a name of at most 80 characters.',
        discount: 'A percentage from 1 to 100.',
        duration: 'A whole number of months from 1 to 36.',
        maxRedemptions: 'A whole number of at least 1, or empty for no limit.',
        minimumAmountCents: 'An amount in dollars, such as 20, or empty for no minimum.',
      },
    });
    // The window is checked once every term reads.
    expect(readDraft(draft({ startsAt: '2026-12-02T00:00', endsAt: '2026-12-01T00:00' }))).toEqual({
      errors: { endsAt: 'The end must come after the start.' },
    });
    expect(readDraft(draft({ discountType: 'amount', discountValue: '' }))).toEqual({ errors: { discount: 'An amount in dollars, such as 5 or 4.99.' } });
  });
});

describe('a promotion in words', () => {
  it('says its discount, duration, products, limits and window', () => {
    expect(discountWords({ type: 'percent', percentOff: 20 })).toBe('20% off');
    expect(discountWords({ type: 'amount', amountOffCents: 500, currency: 'usd' })).toBe('$5.00 off');
    expect([durationWords({ kind: 'once' }), durationWords({ kind: 'repeating', months: 3 }), durationWords({ kind: 'forever' })]).toEqual([
      'first charge',
      '3 months',
      'every charge',
    ]);
    expect(productWords([], new Map())).toBe('All products');
    expect(productWords(['pro-monthly', 'gone'], new Map([['pro-monthly', 'Pro']]))).toBe('Pro, gone');
    const terms = { ...readDraftTerms(), maxRedemptions: 10, oncePerCustomer: true, firstPurchaseOnly: true, minimumAmountCents: 2_000 };
    expect(limitWords({ terms, redeemed: 3 })).toEqual(['3 of 10 redeemed', 'once per customer', 'first purchase only', 'minimum $20.00']);
    expect(windowWords({ startsAt: null, endsAt: '2026-12-24T23:59:00.000Z' })).toBe('Until Dec 24, 2026 23:59 UTC');
    expect(windowWords({ startsAt: null, endsAt: null })).toBe('No end date');
  });
});

function readDraftTerms() {
  const read = readDraft(draft({}));
  if (!('terms' in read)) throw new Error('the base draft is valid');
  return read.terms;
}

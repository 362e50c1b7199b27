import { checkoutHref, fallbackDescription, isFree, parseFeatures, priceLabel, readBooleanMetadata, truncateDescription } from './resource-rules';

describe('isFree', () => {
  it.each([
    [{ priceCents: 0, accessType: 'other' as const }, true],
    [{ priceCents: -100, accessType: 'other' as const }, true],
    [{ priceCents: 1, accessType: 'free' as const }, false],
    [{ priceCents: null, accessType: 'free' as const }, true],
    [{ priceCents: undefined, accessType: 'free' as const }, true],
    [{ priceCents: null, accessType: 'subscription' as const }, false],
    [{ priceCents: null, accessType: 'other' as const }, false],
  ])('%j → %s', (resource, expected) => {
    expect(isFree(resource)).toBe(expected);
  });
});

describe('priceLabel', () => {
  it('says Free for a zero or negative price, whatever the access', () => {
    expect(priceLabel({ priceCents: 0, accessType: 'subscription' })).toBe('Free');
    expect(priceLabel({ priceCents: -5, accessType: 'other' })).toBe('Free');
  });

  it('says Free with no price and free access', () => {
    expect(priceLabel({ priceCents: null, accessType: 'free' })).toBe('Free');
  });

  it('says Included with subscription for subscription access', () => {
    expect(priceLabel({ priceCents: 4900, accessType: 'subscription' })).toBe('Included with subscription');
    expect(priceLabel({ priceCents: null, accessType: 'subscription' })).toBe('Included with subscription');
  });

  it('formats the price in dollars otherwise', () => {
    expect(priceLabel({ priceCents: 19900, accessType: 'other' })).toBe('$199.00');
    expect(priceLabel({ priceCents: 1, accessType: 'other' })).toBe('$0.01');
  });

  it('says Contact support with no price and no free or subscription access', () => {
    expect(priceLabel({ priceCents: null, accessType: 'other' })).toBe('Contact support');
    expect(priceLabel({ priceCents: Number.NaN, accessType: 'other' })).toBe('Contact support');
  });
});

describe('parseFeatures', () => {
  it('keeps an array, trimmed, without blanks', () => {
    expect(parseFeatures([' One ', '', 'Two'])).toEqual(['One', 'Two']);
  });

  it('splits one string on newlines and on |, both in the same string', () => {
    expect(parseFeatures('Chat with notes\nAgent tools | Web search\r\nTranscription|')).toEqual([
      'Chat with notes',
      'Agent tools',
      'Web search',
      'Transcription',
    ]);
  });

  it('gives nothing for anything else', () => {
    expect(parseFeatures(undefined)).toEqual([]);
    expect(parseFeatures(42)).toEqual([]);
  });
});

describe('readBooleanMetadata', () => {
  it.each(['true', '1', 'yes', 'on', 'TRUE', ' Yes ', true, 1])('reads %j as true', (value) => {
    expect(readBooleanMetadata(value)).toBe(true);
  });

  it.each(['false', '0', 'no', 'off', 'Off', false, 0])('reads %j as false', (value) => {
    expect(readBooleanMetadata(value, true)).toBe(false);
  });

  it('falls back for anything else', () => {
    expect(readBooleanMetadata('maybe')).toBe(false);
    expect(readBooleanMetadata(undefined, true)).toBe(true);
    expect(readBooleanMetadata(2, true)).toBe(true);
  });
});

describe('truncateDescription', () => {
  it('leaves 160 characters or fewer as they are', () => {
    const exactly = 'a'.repeat(160);
    expect(truncateDescription(exactly)).toBe(exactly);
  });

  it('cuts at the last space when it is past half the length, with an ellipsis', () => {
    const text = `${'word '.repeat(40)}end`; // 203 characters
    const cut = truncateDescription(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('cuts mid-word when the last space is in the first half', () => {
    const text = `short ${'x'.repeat(200)}`;
    const cut = truncateDescription(text);
    expect(cut).toBe(`short ${'x'.repeat(153)}…`);
    expect(cut.length).toBe(160);
  });

  it('treats a space at exactly half the length as not past it', () => {
    const text = `${'a'.repeat(80)} ${'b'.repeat(100)}`;
    expect(truncateDescription(text)).toBe(`${'a'.repeat(80)} ${'b'.repeat(78)}…`);
  });

  it('breaks at a space just past half the length', () => {
    const text = `${'a'.repeat(81)} ${'b'.repeat(100)}`;
    expect(truncateDescription(text)).toBe(`${'a'.repeat(81)}…`);
  });
});

describe('fallbackDescription', () => {
  it('names the product', () => {
    expect(fallbackDescription('SystemSculpt Pro')).toBe('Detailed documentation and assets for SystemSculpt Pro members.');
  });
});

describe('checkoutHref', () => {
  it('floors the quantity and keeps it at least 1', () => {
    expect(checkoutHref('pro-monthly', 2.9)).toBe('/checkout?resourceId=pro-monthly&quantity=2');
    expect(checkoutHref('pro-monthly', 0)).toBe('/checkout?resourceId=pro-monthly&quantity=1');
    expect(checkoutHref('pro-monthly', -3)).toBe('/checkout?resourceId=pro-monthly&quantity=1');
  });

  it('adds extra params only when they are not null', () => {
    expect(checkoutHref('lifetime-license', 1, { status: 'cancelled', coupon: null, ref: undefined })).toBe(
      '/checkout?resourceId=lifetime-license&quantity=1&status=cancelled',
    );
  });
});

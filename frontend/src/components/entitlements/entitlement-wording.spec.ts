import { endText, headingParts, sourceText } from './entitlement-wording';

const at = '2026-03-04T10:30:00.000Z';

describe('sourceText', () => {
  it('says what was bought when and for how much', () => {
    expect(
      sourceText({
        kind: 'purchase',
        at,
        title: 'Lifetime license',
        amountCents: 19900,
        currency: 'usd',
        refundedCents: 0,
        checkoutRef: 'r',
        checkoutSessionId: null,
        paymentIntentId: null,
        subscriptionId: null,
      }),
    ).toBe('Bought on Mar 4, 2026 for $199.00');
  });

  it('says how much of a purchase was refunded when a part was', () => {
    expect(
      sourceText({
        kind: 'purchase',
        at,
        title: 'Lifetime license',
        amountCents: 19900,
        currency: 'usd',
        refundedCents: 500,
        checkoutRef: 'r',
        checkoutSessionId: null,
        paymentIntentId: null,
        subscriptionId: null,
      }),
    ).toBe('Bought on Mar 4, 2026 for $199.00, $5.00 of it refunded');
  });

  it('names the admin and their role for support, and only "our support team" for the customer', () => {
    expect(sourceText({ kind: 'admin', at, actionId: 'a', actorId: 'user_9', actorRole: 'support', reason: 'x' })).toBe(
      'Granted by user_9 (support) on Mar 4, 2026',
    );
    expect(sourceText({ kind: 'support', at })).toBe('Added by our support team on Mar 4, 2026');
  });

  it('names who gave a seat', () => {
    expect(sourceText({ kind: 'seat', at, licenseId: 'l', ownerName: 'Olive', planTitle: 'Team' })).toBe(
      'Seat given by Olive on Mar 4, 2026, on their Team plan',
    );
  });
});

describe('endText', () => {
  it('says when a plan renews and what would end it sooner', () => {
    expect(endText('plan', { state: 'active', at, by: 'renewal', alsoEndedBy: ['cancellation', 'refund'] })).toBe(
      'Renews on Mar 4, 2026 unless cancelled or refunded',
    );
  });

  it('says a purchase lasts unless refunded', () => {
    expect(endText('license', { state: 'active', at: null, by: 'none', alsoEndedBy: ['refund', 'dispute'] })).toBe(
      "Doesn't expire unless refunded or disputed",
    );
    expect(endText('resource', { state: 'active', at: null, by: 'none', alsoEndedBy: [] })).toBe("Doesn't expire");
  });

  it('says what ended it and when', () => {
    expect(endText('resource', { state: 'ended', at, by: 'refund', alsoEndedBy: [] })).toBe('Ended on Mar 4, 2026: refunded');
    expect(endText('seat', { state: 'ended', at, by: 'seat_removal', alsoEndedBy: [] })).toBe('Ended on Mar 4, 2026: seat removed');
    expect(endText('booked_session', { state: 'ended', at, by: 'session_date', alsoEndedBy: [] })).toBe('Took place on Mar 4, 2026 10:30 UTC');
  });

  it('gives a session its time and included credits their refill', () => {
    expect(endText('booked_session', { state: 'active', at, by: 'session_date', alsoEndedBy: ['cancellation'] })).toBe(
      'Session on Mar 4, 2026 10:30 UTC unless cancelled',
    );
    expect(endText('seat', { state: 'active', at, by: 'period_end', alsoEndedBy: ['seat_removal'] })).toBe(
      'Runs until Mar 4, 2026 unless the seat is taken back',
    );
    expect(endText('included_credits', { state: 'active', at, by: 'period_end', alsoEndedBy: [] })).toBe('Refills on Mar 4, 2026');
  });
});

describe('headingParts', () => {
  it('names the kind unless the title already does', () => {
    expect(headingParts({ kind: 'license', title: 'Lifetime license' })).toEqual({ kind: null, title: 'Lifetime license' });
    expect(headingParts({ kind: 'resource', title: 'Prompt pack' })).toEqual({ kind: 'Resource', title: 'Prompt pack' });
  });
});

import { deciderSpec } from '../../../../test/support/decider-spec';
import { licenseDecider as decider, type LicenseCommand, type LicenseState } from './licenses.decider';
import { LicenseExtended, LicenseGranted, LicenseRevoked, LicenseTermChanged } from './licenses.events';

const spec = deciderSpec(decider);
const day = (n: number) => new Date(Date.UTC(2027, 0, n)).toISOString();
const at = day(1);

const term = (status: 'active' | 'past_due' | 'ended', validUntil: string | null): LicenseCommand => ({ type: 'ChangeLicenseTerm', status, validUntil, at });
const extend = (until: string): LicenseCommand => ({ type: 'ExtendLicense', until, at });

describe('support extending a subscription’s license', () => {
  const paidThrough = day(30);
  const subscribed = [granted('subscription', paidThrough)];

  it('is recorded as its own extension, and the license stands active until its end', () => {
    spec
      .given(subscribed)
      .when(extend(day(60)))
      .then((events, state) => {
        expect(events).toEqual([LicenseExtended({ licenseId: 'lic_1', until: day(60), at })]);
        expect([state.status, held(state).validUntil]).toEqual(['active', day(60)]);
      });
  });

  it('is not undone by the subscription saying its old period end again: nothing is recorded', () => {
    spec
      .given([...subscribed, extended(day(60))])
      .when(term('active', paidThrough))
      .then((events, state) => {
        expect(events).toEqual([]);
        expect([state.status, held(state).validUntil]).toEqual(['active', day(60)]);
      });
  });

  it('holds to its end when the subscription is cancelled or falls past due before then', () => {
    for (const [status, validUntil] of [
      ['ended', day(10)],
      ['past_due', paidThrough],
    ] as const) {
      spec
        .given([...subscribed, extended(day(60))])
        .when(term(status, validUntil))
        .then((events, state) => {
          expect(events).toEqual([LicenseTermChanged({ licenseId: 'lic_1', status, validUntil, at })]);
          expect([state.status, held(state).validUntil]).toEqual(['active', day(60)]);
        });
    }
  });

  it('gives way to a renewal past it: the later date wins, either way round', () => {
    spec
      .given([...subscribed, extended(day(60))])
      .when(term('active', day(90)))
      .then((_, state) => expect([state.status, held(state).validUntil]).toEqual(['active', day(90)]));
    spec
      .given([...subscribed, LicenseTermChanged({ licenseId: 'lic_1', status: 'active', validUntil: day(90), at })])
      .when(extend(day(60)))
      .then((events, state) => {
        expect(events).toHaveLength(1);
        expect([state.status, held(state).validUntil]).toEqual(['active', day(90)]);
      });
  });

  it('keeps a subscription past due beyond the extension past due', () => {
    spec
      .given([...subscribed, extended(day(20))])
      .when(term('past_due', paidThrough))
      .then((_, state) => expect([state.status, held(state).validUntil]).toEqual(['past_due', paidThrough]));
  });

  it('ends with the subscription once the extension’s end has passed before the subscription ended', () => {
    spec
      .given([...subscribed, extended(day(5))])
      .when(term('ended', day(10)))
      .then((_, state) => expect([state.status, held(state).validUntil]).toEqual(['ended', day(10)]));
  });

  it('records nothing for the same or an earlier date (a retried action), and moves on to a later one', () => {
    spec
      .given([...subscribed, extended(day(60))])
      .when(extend(day(60)), extend('2027-02-01T00:00:00Z'), extend(day(45)), extend(day(75)))
      .then((events, state) => {
        expect(events).toEqual([LicenseExtended({ licenseId: 'lic_1', until: day(75), at })]);
        expect(held(state).validUntil).toBe(day(75));
      });
  });

  it('is ended by a revocation, which no extension lifts', () => {
    spec
      .given([...subscribed, extended(day(60)), LicenseRevoked({ licenseId: 'lic_1', reason: 'admin', at })])
      .when(extend(day(90)), term('active', day(90)))
      .then((events, state) => {
        expect(events).toEqual([]);
        expect(state.status).toBe('revoked');
      });
  });
});

describe('extending a lifetime license', () => {
  it('records nothing: it never ends, and an extension must not give it an end', () => {
    spec
      .given([granted('lifetime', null)])
      .when(extend(day(60)))
      .then((events, state) => {
        expect(events).toEqual([]);
        expect([state.status, held(state).validUntil]).toEqual(['active', null]);
      });
  });
});

function granted(kind: 'lifetime' | 'subscription', validUntil: string | null) {
  return LicenseGranted({
    licenseId: 'lic_1',
    userId: 'owner',
    email: 'owner@example.com',
    resourceId: kind === 'lifetime' ? 'lifetime-license' : 'starter-monthly',
    plan: kind === 'lifetime' ? 'lifetime' : 'starter',
    kind,
    seats: 1,
    devicesPerSeat: 2,
    includedCreditsPerMonth: 0,
    keySealed: 'sealed',
    keyHash: 'hash',
    keyHint: 'SSAI-…-AAAAA',
    source: { checkoutRef: null, subscriptionId: kind === 'lifetime' ? null : 'sub_1' },
    validUntil,
    grantedAt: at,
  });
}

function extended(until: string) {
  return LicenseExtended({ licenseId: 'lic_1', until, at });
}

/** The state of a license that was granted (each test here grants one first). */
function held(state: LicenseState) {
  if (state.status === 'none') throw new Error('no license was granted');
  return state;
}

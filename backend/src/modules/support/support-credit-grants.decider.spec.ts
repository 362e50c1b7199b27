import { deciderSpec } from '../../../../test/support/decider-spec';
import { DailyGrantLimitError } from './support-actions.errors';
import { supportCreditGrantsDecider as decider, type SupportCreditGrantsCommand } from './support-credit-grants.decider';
import { SUPPORT_DAILY_CREDIT_LIMIT, SupportCreditGrantRecorded } from './support-credit-grants.events';

const spec = deciderSpec(decider);
const now = new Date('2026-11-28T18:30:00.000Z');
const actionId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const grant = (n: number, credits: number): SupportCreditGrantsCommand => ({
  type: 'RecordSupportCreditGrant',
  actorId: 'support_1',
  actionId: actionId(n),
  credits,
  now,
});
const granted = (n: number, credits: number) =>
  SupportCreditGrantRecorded({ actorId: 'support_1', day: '2026-11-28', actionId: actionId(n), credits, at: now.toISOString() });

describe('a support admin’s credit grants on one UTC day', () => {
  it('caps the day at 2,000 credits', () => {
    expect(SUPPORT_DAILY_CREDIT_LIMIT).toBe(2_000);
  });

  it('counts each grant on the day it is made, up to the cap exactly', () => {
    spec
      .given([])
      .when(grant(1, 500), grant(2, 500), grant(3, 500), grant(4, 500))
      .then((events, state) => {
        expect(events).toEqual([granted(1, 500), granted(2, 500), granted(3, 500), granted(4, 500)]);
        expect(state.granted).toBe(2_000);
      });
  });

  it('refuses a grant past the cap, saying what is left today', () => {
    spec
      .given([granted(1, 500), granted(2, 500), granted(3, 500), granted(4, 150)])
      .when(grant(5, 400))
      .thenThrows(DailyGrantLimitError, {
        code: 'admin.daily_grant_limit',
        status: 403,
        message: 'Support can grant up to 2,000 credits a day; you have 350 left today (the day ends at midnight UTC). Ask an owner for more.',
      });
    spec
      .given([granted(1, 500), granted(2, 500), granted(3, 500), granted(4, 150)])
      .when(grant(5, 350))
      .then([granted(5, 350)]);
  });

  it('says so when nothing is left', () => {
    spec
      .given([granted(1, 500), granted(2, 500), granted(3, 500), granted(4, 500)])
      .when(grant(5, 1))
      .thenThrows(/you have none left today/);
  });

  it('counts an action once however often its form is sent, even once the day is full', () => {
    spec
      .given([granted(1, 500), granted(2, 500), granted(3, 500), granted(4, 500)])
      .when(grant(4, 500), grant(4, 500))
      .then([]);
  });
});

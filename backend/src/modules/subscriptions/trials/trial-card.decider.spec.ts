import { deciderSpec } from '../../../../../test/support/decider-spec';
import { trialCardDecider } from './trial-card.decider';
import { TrialCardClaimed } from './trial-card.events';

const spec = deciderSpec(trialCardDecider);
const at = '2026-11-29T09:00:00.000Z';
const claim = (subscriptionId: string, userId: string) => ({ type: 'LinkTrialCard' as const, fingerprint: 'fp1', subscriptionId, userId, at });
const claimed = TrialCardClaimed({ fingerprint: 'fp1', subscriptionId: 'sub_1', userId: 'u1', at });

describe('a card that never paid for a trial', () => {
  it('is claimed by the first trial that uses it', () => {
    spec.given([]).when(claim('sub_1', 'u1')).then([claimed]);
  });
});

describe('a card that paid for a trial', () => {
  it('stays with that trial: another account’s claim records nothing and is told whose it is', () => {
    spec
      .given([claimed])
      .when(claim('sub_2', 'u2'))
      .then((events, state) => {
        expect(events).toEqual([]);
        expect(state.subscriptionId).toBe('sub_1');
      });
  });

  it('is still the same trial’s when that trial claims it again (a webhook delivered twice)', () => {
    spec
      .given([claimed])
      .when(claim('sub_1', 'u1'))
      .then((events, state) => {
        expect(events).toEqual([]);
        expect(state.subscriptionId).toBe('sub_1');
      });
  });
});

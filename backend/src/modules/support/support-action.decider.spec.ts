import { deciderSpec } from '../../../../test/support/decider-spec';
import { supportActionDecider } from './support-action.decider';
import { ActionIdReusedError, ActionNotPendingError, GrantLimitError, OwnerOnlyError } from './support-actions.errors';
import { SupportActionCompleted, SupportActionFailed, SupportActionRecorded, type SupportActionRequest } from './support-actions.events';

const spec = deciderSpec(supportActionDecider);
const now = new Date('2026-11-25T10:00:00.000Z');
const at = now.toISOString();
const actionId = '0f5c1a2e-8d4b-4c6a-9e1f-2b3c4d5e6f70';
const owner = { id: 'user_owner', role: 'owner' } as const;
const support = { id: 'user_support', role: 'support' } as const;

const grant = (credits: number, actor: SupportActionRequest['actor'] = support): SupportActionRequest => ({
  actionId,
  kind: 'grant_credits',
  userId: 'user_customer',
  actor,
  reason: 'Goodwill after an outage',
  details: { credits },
});
const refund: SupportActionRequest = {
  actionId,
  kind: 'refund',
  userId: 'user_customer',
  actor: owner,
  reason: 'Bought twice by mistake',
  details: { checkoutRef: 'ref-1', amount: 1500, currency: 'usd' },
};

describe('an action nobody has recorded', () => {
  it('is recorded with its actor, reason and time', () => {
    spec
      .given([])
      .when({ type: 'RecordSupportAction', action: grant(100), now })
      .then([SupportActionRecorded({ ...grant(100), at })]);
  });

  it('refuses an owner-only action from support', () => {
    spec
      .given([])
      .when({ type: 'RecordSupportAction', action: { ...refund, actor: support }, now })
      .thenThrows(OwnerOnlyError, 'admin.owner_only');
  });

  it('refuses support a grant over the limit', () => {
    spec
      .given([])
      .when({ type: 'RecordSupportAction', action: grant(501), now })
      .thenThrows(GrantLimitError, 'admin.grant_limit');
  });

  it('lets support grant up to the limit, and an owner beyond it', () => {
    spec
      .given([])
      .when({ type: 'RecordSupportAction', action: grant(500), now })
      .then([SupportActionRecorded({ ...grant(500), at })]);
    spec
      .given([])
      .when({ type: 'RecordSupportAction', action: grant(5000, owner), now })
      .then([SupportActionRecorded({ ...grant(5000, owner), at })]);
  });

  it('cannot complete or fail', () => {
    spec.given([]).when({ type: 'CompleteSupportAction', actionId, outcome: 're_1', now }).thenThrows(ActionNotPendingError, 'admin.action_not_pending');
    spec.given([]).when({ type: 'FailSupportAction', actionId, error: 'declined', now }).thenThrows(ActionNotPendingError);
  });
});

describe('a recorded action', () => {
  const recorded = SupportActionRecorded({ ...refund, at });

  it('sent again with the same id records nothing (a retried submit)', () => {
    spec.given([recorded]).when({ type: 'RecordSupportAction', action: refund, now }).then([]);
  });

  it('refuses the same id for another action', () => {
    spec
      .given([recorded])
      .when({ type: 'RecordSupportAction', action: grant(10, owner), now })
      .thenThrows(ActionIdReusedError, 'admin.action_id_reused');
  });

  it('completes once, however often the worker says so', () => {
    spec
      .given([recorded])
      .when(
        { type: 'CompleteSupportAction', actionId, outcome: 'Refunded 15.00 USD (re_1)', now },
        { type: 'CompleteSupportAction', actionId, outcome: 'again', now },
      )
      .then([SupportActionCompleted({ actionId, outcome: 'Refunded 15.00 USD (re_1)', at })]);
  });

  it('fails once, and a failed action cannot complete', () => {
    spec
      .given([recorded])
      .when({ type: 'FailSupportAction', actionId, error: 'card_declined', now }, { type: 'FailSupportAction', actionId, error: 'card_declined', now })
      .then([SupportActionFailed({ actionId, error: 'card_declined', at })]);
    spec
      .given([recorded, SupportActionFailed({ actionId, error: 'card_declined', at })])
      .when({ type: 'CompleteSupportAction', actionId, outcome: 're_1', now })
      .thenThrows(ActionNotPendingError);
  });

  it('that is synchronous (a grant) completes once it was done, and cannot fail', () => {
    const granted = SupportActionRecorded({ ...grant(10), at });
    spec
      .given([granted])
      .when({ type: 'CompleteSupportAction', actionId, outcome: 'Granted 10 credits', now })
      .then([SupportActionCompleted({ actionId, outcome: 'Granted 10 credits', at })]);
    spec.given([granted]).when({ type: 'FailSupportAction', actionId, error: 'x', now }).thenThrows(ActionNotPendingError);
  });
});

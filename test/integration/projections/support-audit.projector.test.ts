import { randomUUID } from 'node:crypto';
import { SupportAuditProjector } from '../../../backend/src/modules/admin/projections/support-audit.projector';
import { SupportActionCompleted, SupportActionFailed, SupportActionRecorded } from '../../../backend/src/modules/support/support-actions.events';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new SupportAuditProjector(), [SupportActionRecorded, SupportActionCompleted, SupportActionFailed]);

describe('SupportAuditProjector', () => {
  it('lists a synchronous action as done once completed, with its actor, reason and details', async () => {
    const actionId = randomUUID();
    await projection.given(granted(actionId));
    expect((await row(actionId))?.status).toBe('pending');
    await projection.given(SupportActionCompleted({ actionId, outcome: 'Granted 200 credits', at }));
    expect(await row(actionId)).toEqual({
      kind: 'grant_credits',
      user_id: 'user_customer',
      actor_id: 'user_support',
      actor_role: 'support',
      reason: 'Goodwill after an outage',
      details: { credits: 200 },
      status: 'done',
      outcome: 'Granted 200 credits',
    });
  });

  it('keeps a refund pending until the worker completes it', async () => {
    const actionId = randomUUID();
    await projection.given(refunded(actionId));
    expect((await row(actionId))?.status).toBe('pending');
    await projection.given(SupportActionCompleted({ actionId, outcome: 'Refunded 15.00 USD', at }));
    expect(await row(actionId)).toMatchObject({ status: 'completed', outcome: 'Refunded 15.00 USD' });
  });

  it('records a failure with its error', async () => {
    const actionId = randomUUID();
    await projection.given(refunded(actionId), SupportActionFailed({ actionId, error: 'Charge already refunded', at }));
    expect(await row(actionId)).toMatchObject({ status: 'failed', outcome: 'Charge already refunded' });
  });

  it('keeps the position of the recorded event, so the log reads newest first', async () => {
    const first = randomUUID();
    const second = randomUUID();
    await projection.given(granted(first), granted(second));
    const rows = await projection.rows<{ action_id: string }>('select action_id from rm_support_audit where action_id = any($1) order by position desc', [
      [first, second],
    ]);
    expect(rows.map((r) => r.action_id)).toEqual([second, first]);
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const actionId = randomUUID();
    await projection.given(refunded(actionId), SupportActionCompleted({ actionId, outcome: 'Refunded', at }));
    const before = await row(actionId);
    await projection.replay();
    expect(await row(actionId)).toEqual(before);
  });
});

const at = '2026-11-25T10:00:00.000Z';

async function row(actionId: string) {
  const rows = await projection.rows(
    'select kind, user_id, actor_id, actor_role, reason, details, status, outcome from rm_support_audit where action_id = $1',
    [actionId],
  );
  return rows[0];
}

const granted = (actionId: string) =>
  SupportActionRecorded({
    actionId,
    kind: 'grant_credits',
    userId: 'user_customer',
    actor: { id: 'user_support', role: 'support' },
    reason: 'Goodwill after an outage',
    details: { credits: 200 },
    at,
  });

const refunded = (actionId: string) =>
  SupportActionRecorded({
    actionId,
    kind: 'refund',
    userId: 'user_customer',
    actor: { id: 'user_owner', role: 'owner' },
    reason: 'Bought twice',
    details: { checkoutRef: 'ref-1', amount: 1500, currency: 'usd' },
    at,
  });

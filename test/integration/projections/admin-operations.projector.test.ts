import { randomUUID } from 'node:crypto';
import { AdminOperationPerformed } from '../../../backend/src/modules/admin/admin-operations.events';
import { AdminOperationsProjector } from '../../../backend/src/modules/admin/projections/admin-operations.projector';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new AdminOperationsProjector(), [AdminOperationPerformed]);

describe('AdminOperationsProjector', () => {
  it('lists an operation that went through with its actor, target and outcome', async () => {
    const operationId = randomUUID();
    await projection.given(replayed(operationId));
    expect(await row(operationId)).toEqual({
      operation: 'adminStartReplay',
      target: 'CustomerDirectoryProjector',
      actor_id: 'user_owner',
      actor_role: 'owner',
      reason: null,
      status: 'succeeded',
      outcome: 'Replay r-1 queued',
      code: null,
    });
  });

  it('lists a failed one with the code it was answered with', async () => {
    const operationId = randomUUID();
    await projection.given(
      AdminOperationPerformed({
        ...replayed(operationId).data,
        operation: 'adminSubmitDisputeEvidence',
        target: 'dp_1',
        status: 'failed',
        outcome: 'No such dispute.',
        code: 'disputes.not_found',
      }),
    );
    expect(await row(operationId)).toMatchObject({ operation: 'adminSubmitDisputeEvidence', status: 'failed', code: 'disputes.not_found' });
  });

  it('keeps the position of the event, so the log reads newest first', async () => {
    const first = randomUUID();
    const second = randomUUID();
    await projection.given(replayed(first), replayed(second));
    const rows = await projection.rows<{ operation_id: string }>(
      'select operation_id from rm_admin_operations where operation_id = any($1) order by position desc',
      [[first, second]],
    );
    expect(rows.map((r) => r.operation_id)).toEqual([second, first]);
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const operationId = randomUUID();
    await projection.given(replayed(operationId));
    const before = await row(operationId);
    await projection.replay();
    expect(await row(operationId)).toEqual(before);
  });
});

const at = '2026-11-28T10:00:00.000Z';

async function row(operationId: string) {
  const rows = await projection.rows(
    'select operation, target, actor_id, actor_role, reason, status, outcome, code from rm_admin_operations where operation_id = $1',
    [operationId],
  );
  return rows[0];
}

const replayed = (operationId: string) =>
  AdminOperationPerformed({
    operationId,
    operation: 'adminStartReplay',
    actor: { id: 'user_owner', role: 'owner' },
    target: 'CustomerDirectoryProjector',
    reason: null,
    status: 'succeeded',
    outcome: 'Replay r-1 queued',
    code: null,
    at,
  });

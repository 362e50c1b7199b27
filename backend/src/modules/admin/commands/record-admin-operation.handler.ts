import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { requestMetadata } from '../../../events/metadata-for';
import { EventStore } from '../../../events/event-store';
import type { AdminOperationEntry } from '../../../server-fn/admin-operation';
import { AdminOperationPerformed, adminOperationStreamId } from '../admin-operations.events';

export class RecordAdminOperation extends Command<{ operationId: string }> {
  constructor(
    readonly entry: AdminOperationEntry,
    readonly correlationId: string,
  ) {
    super();
  }
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Records one admin operation's audit entry, in a stream of its own (nothing to read or decide first). */
@CommandHandler(RecordAdminOperation)
export class RecordAdminOperationHandler implements ICommandHandler<RecordAdminOperation, { operationId: string }> {
  constructor(private readonly store: EventStore) {}

  async execute({ entry, correlationId }: RecordAdminOperation): Promise<{ operationId: string }> {
    const operationId = randomUUID();
    const { outcome } = entry;
    const event = AdminOperationPerformed({
      operationId,
      operation: entry.operation,
      actor: { id: entry.caller.id, role: entry.caller.role },
      target: clip(entry.target || '(none)', 300),
      reason: entry.reason ? clip(entry.reason, 500) : null,
      status: outcome.ok ? 'succeeded' : 'failed',
      outcome: clip((outcome.ok ? outcome.summary : outcome.message) || (outcome.ok ? 'Done' : 'Failed'), 500),
      code: outcome.ok ? null : clip(outcome.code, 100),
      at: new Date().toISOString(),
    });
    await this.store.append(
      adminOperationStreamId(operationId),
      'no-stream',
      [event],
      requestMetadata(correlationId, { kind: 'admin', userId: entry.caller.id }),
    );
    return { operationId };
  }
}

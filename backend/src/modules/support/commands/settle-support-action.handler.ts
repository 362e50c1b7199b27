import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { supportActionDecider, type SupportActionState } from '../support-action.decider';
import { supportActionStreamId } from '../support-actions.events';

export class SettleSupportAction extends Command<CommandOutcome<SupportActionState>> {
  constructor(
    readonly actionId: string,
    readonly settled: { ok: true; outcome: string } | { ok: false; error: string },
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** How an asynchronous support action ended at Stripe: completed or failed, once. */
@CommandHandler(SettleSupportAction)
export class SettleSupportActionHandler implements ICommandHandler<SettleSupportAction, CommandOutcome<SupportActionState>> {
  constructor(private readonly store: EventStore) {}

  execute({ actionId, settled, metadata }: SettleSupportAction): Promise<CommandOutcome<SupportActionState>> {
    const now = new Date();
    return runCommand({
      store: this.store,
      streamId: supportActionStreamId(actionId),
      decider: supportActionDecider,
      command: settled.ok
        ? { type: 'CompleteSupportAction', actionId, outcome: settled.outcome, now }
        : { type: 'FailSupportAction', actionId, error: settled.error.slice(0, 500), now },
      metadata,
    });
  }
}

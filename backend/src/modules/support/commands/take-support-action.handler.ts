import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { awaitProjection } from '../../../events/projection-wait';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import { EventStore } from '../../../events/event-store';
import { causedBy, causeOf, requestMetadata } from '../../../events/metadata-for';
import { SupportActionEffects } from '../support-action-effects';
import { SupportActionTargets } from '../support-action-targets';
import { assertPermitted, supportActionDecider } from '../support-action.decider';
import { ASYNC_KINDS, supportActionStreamId, type SupportActionKind, type SupportActionRequest } from '../support-actions.events';
import { SupportActionQueue } from '../jobs/support-action-queue';
import { RecordSupportCreditGrant } from './record-support-credit-grant.handler';

export interface SupportActionResult {
  actionId: string;
  kind: SupportActionKind;
  status: 'done' | 'pending' | 'completed' | 'failed';
  outcome: string | null;
  /** The action id had been recorded before: this answer is the first one's. */
  repeated: boolean;
}

export class TakeSupportAction extends Command<SupportActionResult> {
  constructor(
    readonly action: SupportActionRequest,
    readonly correlationId: string,
  ) {
    super();
  }
}

/**
 * Records a support action once (its id is the browser's), then does it, caused by the recorded
 * event: at once for a grant, a resend, a revoke or a booking's cancellation (then completed);
 * through a worker job for a refund or a subscription's cancellation. A retried submit finds the
 * action recorded and answers its outcome, or finishes it if the first attempt stopped half way.
 */
@CommandHandler(TakeSupportAction)
export class TakeSupportActionHandler implements ICommandHandler<TakeSupportAction, SupportActionResult> {
  constructor(
    private readonly store: EventStore,
    private readonly targets: SupportActionTargets,
    private readonly effects: SupportActionEffects,
    private readonly queue: SupportActionQueue,
    private readonly orm: MikroORM,
    private readonly commands: CommandBus,
  ) {}

  async execute({ action, correlationId }: TakeSupportAction): Promise<SupportActionResult> {
    const streamId = supportActionStreamId(action.actionId);
    // Who may comes first, on every request: support learns nothing about targets of owner
    // actions, and cannot have one run again by sending its id.
    assertPermitted(action);
    const known = await this.store.readStream(streamId, supportActionDecider.events);
    const metadata = requestMetadata(correlationId, { kind: 'admin', userId: action.actor.id });
    if (known.length === 0) {
      await this.targets.check(action);
      // Counted on the admin's day before the action is recorded: a refused grant leaves nothing behind.
      if (action.kind === 'grant_credits' && action.actor.role === 'support')
        await this.commands.execute(new RecordSupportCreditGrant(action.actor.id, action.actionId, action.details.credits, new Date(), metadata));
    }
    const outcome = await runCommand({
      store: this.store,
      streamId,
      decider: supportActionDecider,
      command: { type: 'RecordSupportAction', action, now: new Date() },
      metadata,
    });
    const recorded =
      outcome.status === 'appended'
        ? { position: outcome.positions[0]!, metadata }
        : (known[0] ?? (await this.store.readStream(streamId, supportActionDecider.events))[0]!);
    const state = outcome.state;
    if (state.status === 'none') throw new Error(`support action ${action.actionId} was neither recorded nor found`);
    const repeated = outcome.status !== 'appended';
    const { actionId, kind } = state.action;
    if (state.status === 'completed') return { actionId, kind, status: ASYNC_KINDS.includes(kind) ? 'completed' : 'done', outcome: state.outcome, repeated };
    if (state.status === 'failed') return { actionId, kind, status: 'failed', outcome: state.error, repeated };
    const cause = causeOf(recorded);
    // Recorded but not completed: new, or a retry after the first attempt stopped half way. Each
    // step is idempotent by its own stream or key, so running them again finishes the action.
    const effect = await this.effects.apply(state.action, cause);
    let last: CommandOutcome<unknown> = outcome;
    if (effect.status === 'pending') await this.queue.enqueue(state.action, cause);
    else
      last = await runCommand({
        store: this.store,
        streamId,
        decider: supportActionDecider,
        command: { type: 'CompleteSupportAction', actionId, outcome: effect.outcome, now: new Date() },
        metadata: causedBy(cause, { kind: 'admin', userId: state.action.actor.id }),
      });
    // The timeline finds the action's stream through the audit log: answer once it is there.
    await awaitProjection(this.orm, 'SupportAuditProjector', last);
    return { actionId, kind, ...effect, repeated };
  }
}

import { causeOf } from '../../../events/metadata-for';
import type { Reactor } from '../../../events/reactor';
import type { RecordedEvent } from '../../../events/recorded-event';
import { emailJobKey } from './email-job';
import type { EmailSender } from '../email-sender';
import type { EmailTriggers, TriggerContext } from '../email-triggers';

/**
 * Turns events into email jobs. It runs in the worker from its checkpoint, so that every event is
 * seen, after a crash too. An event seen twice (a batch retried) enqueues the same job key again,
 * which BullMQ and the delivery table both ignore.
 */
export class EmailTriggerReactor implements Reactor {
  readonly name = 'EmailTriggerReactor';

  constructor(
    private readonly triggers: EmailTriggers,
    private readonly sender: EmailSender,
    private readonly context: TriggerContext,
  ) {}

  get eventTypes(): string[] {
    return this.triggers.eventTypes();
  }

  async react(event: RecordedEvent): Promise<void> {
    for (const trigger of this.triggers.forEvent(event.type)) {
      const email = trigger.send(event.data as never, event, this.context);
      if (!email) continue;
      await this.sender.enqueue({ key: emailJobKey(event.position.toString(), trigger.kind), kind: trigger.kind, ...email, cause: causeOf(event) });
    }
  }
}

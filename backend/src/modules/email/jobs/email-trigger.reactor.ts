import { causeOf } from '../../../events/metadata-for';
import type { Reactor } from '../../../events/reactor';
import type { RecordedEvent } from '../../../events/recorded-event';
import { emailJobKey } from './email-job';
import type { EmailSender } from '../email-sender';
import type { EmailTriggers, TriggerContext } from '../email-triggers';

export const EMAIL_TRIGGER_REACTOR = 'EmailTriggerReactor';

/** Older than this, an event may be seen again after a rewind (Redis lost its jobs) rather than for the first time. */
const SEEN_BEFORE_AFTER_MS = 60_000;

/**
 * Turns events into email jobs. It runs in the worker from its checkpoint, so that every event is
 * seen, after a crash too. An event seen twice (a batch retried, or the last hour read again after
 * Redis lost its jobs) enqueues the same job key again, which BullMQ and the delivery table both
 * ignore.
 */
export class EmailTriggerReactor implements Reactor {
  readonly name = EMAIL_TRIGGER_REACTOR;

  constructor(
    private readonly triggers: EmailTriggers,
    private readonly sender: EmailSender,
    private readonly context: TriggerContext,
    private readonly wasSent: (key: string) => Promise<boolean>,
  ) {}

  get eventTypes(): string[] {
    return this.triggers.eventTypes();
  }

  async react(event: RecordedEvent): Promise<void> {
    for (const trigger of this.triggers.forEvent(event.type)) {
      const email = trigger.send(event.data as never, event, this.context);
      if (!email) continue;
      const key = emailJobKey(event.position.toString(), trigger.kind);
      // Read again after a rewind, most events had their email sent long ago: skipped here, not queued to be found sent.
      if (Date.now() - event.recordedAt.getTime() > SEEN_BEFORE_AFTER_MS && (await this.wasSent(key))) continue;
      await this.sender.enqueue({ key, kind: trigger.kind, ...email, cause: causeOf(event) });
    }
  }
}

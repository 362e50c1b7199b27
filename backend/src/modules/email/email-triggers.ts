import { Injectable } from '@nestjs/common';
import type { EventData, EventDefinition } from '../../events/event-registry';
import type { RecordedEvent } from '../../events/recorded-event';
import type { EmailData, EmailKindName } from './email-kinds';
import type { EmailAttachment } from './email-message';
import type { ManageEmailLinks } from '../preferences';

export interface TriggerContext {
  supportEmail: string;
  links: ManageEmailLinks;
}

/** One email an event causes: which kind, to whom, with what data. The job key comes from the event. */
export interface EmailTrigger<D extends EventDefinition = EventDefinition, K extends EmailKindName = EmailKindName> {
  event: D;
  kind: K;
  send(
    data: EventData<D>,
    event: RecordedEvent,
    context: TriggerContext,
  ): { to: string; data: EmailData<K>; timeZone?: string; replyTo?: string; attachments?: EmailAttachment[] } | null;
}

/** Typed at the call site: the event's data and the kind's data are checked against each other. */
export function emailTrigger<D extends EventDefinition, K extends EmailKindName>(trigger: EmailTrigger<D, K>): EmailTrigger {
  return trigger as unknown as EmailTrigger;
}

/**
 * Every (event type → email) rule; modules add theirs in onModuleInit. Adding an email to the site
 * is: a component in the sending module's emails/ folder, in that module's email kinds (added to
 * EmailKinds, and named in email-kinds.ts's type), and here the event that sends it and to whom.
 */
@Injectable()
export class EmailTriggers {
  private readonly triggers: EmailTrigger[] = [];

  add(...triggers: EmailTrigger[]): void {
    this.triggers.push(...triggers);
  }

  forEvent(type: string): EmailTrigger[] {
    return this.triggers.filter((t) => t.event.type === type);
  }

  eventTypes(): string[] {
    return [...new Set(this.triggers.map((t) => t.event.type))];
  }
}

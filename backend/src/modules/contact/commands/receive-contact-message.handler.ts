import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ContactTopic } from '../../../../../contracts/contact/contact.contract';
import { runCommand } from '../../../events/command-runner';
import { visitorMetadata } from '../../../events/metadata-for';
import { EventStore } from '../../../events/event-store';
import { contactDecider } from '../contact.decider';
import { contactStreamId } from '../contact.events';

export class ReceiveContactMessage extends Command<{ messageId: string }> {
  constructor(
    readonly message: { name: string; email: string; topic: ContactTopic; message: string },
    readonly correlationId: string,
  ) {
    super();
  }
}

/** Records a visitor's message in a stream of its own; its emails follow from the event. */
@CommandHandler(ReceiveContactMessage)
export class ReceiveContactMessageHandler implements ICommandHandler<ReceiveContactMessage, { messageId: string }> {
  constructor(private readonly store: EventStore) {}

  async execute(command: ReceiveContactMessage): Promise<{ messageId: string }> {
    const messageId = randomUUID();
    await runCommand({
      store: this.store,
      streamId: contactStreamId(messageId),
      decider: contactDecider,
      command: { type: 'ReceiveContactMessage', message: { messageId, ...command.message, receivedAt: new Date().toISOString() } },
      metadata: visitorMetadata(command.correlationId),
    });
    return { messageId };
  }
}

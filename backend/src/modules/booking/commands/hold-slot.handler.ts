import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { hostCalendarDecider, type CalendarCommand, type HostCalendar } from '../booking.decider';
import { hostCalendarStreamId } from '../booking.events';
import { HostCalendars } from './host-calendars';

export class HoldSlot extends Command<CommandOutcome<HostCalendar>> {
  constructor(
    readonly command: Omit<Extract<CalendarCommand, { type: 'HoldSlot' }>, 'type'>,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Holds a time on the host's calendar while the customer pays; two customers can never both hold it. */
@CommandHandler(HoldSlot)
export class HoldSlotHandler implements ICommandHandler<HoldSlot, CommandOutcome<HostCalendar>> {
  constructor(private readonly calendars: HostCalendars) {}

  execute({ command, metadata }: HoldSlot): Promise<CommandOutcome<HostCalendar>> {
    return runCommand({
      serialize: this.calendars.streams,
      streamId: hostCalendarStreamId(command.hostUserId),
      decider: hostCalendarDecider,
      command: { type: 'HoldSlot', ...command },
      metadata,
      cache: this.calendars.states,
    });
  }
}

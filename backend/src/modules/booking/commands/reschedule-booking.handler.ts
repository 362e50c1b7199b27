import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { hostCalendarDecider, type CalendarCommand, type HostCalendar } from '../booking.decider';
import { hostCalendarStreamId } from '../booking.events';
import { HostCalendars } from './host-calendars';

export class RescheduleBooking extends Command<CommandOutcome<HostCalendar>> {
  constructor(
    readonly command: Omit<Extract<CalendarCommand, { type: 'RescheduleBooking' }>, 'type'>,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Moves a confirmed booking to another open time on the same host's calendar. */
@CommandHandler(RescheduleBooking)
export class RescheduleBookingHandler implements ICommandHandler<RescheduleBooking, CommandOutcome<HostCalendar>> {
  constructor(private readonly calendars: HostCalendars) {}

  execute({ command, metadata }: RescheduleBooking): Promise<CommandOutcome<HostCalendar>> {
    return runCommand({
      serialize: this.calendars.streams,
      streamId: hostCalendarStreamId(command.hostUserId),
      decider: hostCalendarDecider,
      command: { type: 'RescheduleBooking', ...command },
      metadata,
      cache: this.calendars.states,
    });
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { hostCalendarDecider, type CalendarCommand, type HostCalendar } from '../booking.decider';
import { hostCalendarStreamId } from '../booking.events';
import { HostCalendars } from './host-calendars';

export class ConfirmBooking extends Command<CommandOutcome<HostCalendar>> {
  constructor(
    readonly command: Omit<Extract<CalendarCommand, { type: 'ConfirmBooking' }>, 'type'>,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** A paid hold becomes a booking, or is refused (to be refunded) when the time went to someone else. */
@CommandHandler(ConfirmBooking)
export class ConfirmBookingHandler implements ICommandHandler<ConfirmBooking, CommandOutcome<HostCalendar>> {
  constructor(private readonly calendars: HostCalendars) {}

  execute({ command, metadata }: ConfirmBooking): Promise<CommandOutcome<HostCalendar>> {
    return runCommand({
      serialize: this.calendars.streams,
      streamId: hostCalendarStreamId(command.hostUserId),
      decider: hostCalendarDecider,
      command: { type: 'ConfirmBooking', ...command },
      metadata,
      cache: this.calendars.states,
    });
  }
}

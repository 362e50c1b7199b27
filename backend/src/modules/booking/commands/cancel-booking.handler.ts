import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { hostCalendarDecider, type CalendarCommand, type HostCalendar } from '../booking.decider';
import { hostCalendarStreamId } from '../booking.events';
import { HostCalendars } from './host-calendars';

export class CancelBooking extends Command<CommandOutcome<HostCalendar>> {
  constructor(
    readonly command: Omit<Extract<CalendarCommand, { type: 'CancelBooking' }>, 'type'>,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Calls a confirmed booking off (by the customer, the host, or a payment taken back). */
@CommandHandler(CancelBooking)
export class CancelBookingHandler implements ICommandHandler<CancelBooking, CommandOutcome<HostCalendar>> {
  constructor(private readonly calendars: HostCalendars) {}

  execute({ command, metadata }: CancelBooking): Promise<CommandOutcome<HostCalendar>> {
    return runCommand({
      serialize: this.calendars.streams,
      streamId: hostCalendarStreamId(command.hostUserId),
      decider: hostCalendarDecider,
      command: { type: 'CancelBooking', ...command },
      metadata,
      cache: this.calendars.states,
    });
  }
}

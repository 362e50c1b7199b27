import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { hostCalendarDecider, type CalendarCommand, type HostCalendar } from '../booking.decider';
import { hostCalendarStreamId } from '../booking.events';
import { HostCalendars, RACE_RETRIES } from './host-calendars';

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
  constructor(
    private readonly store: EventStore,
    private readonly calendars: HostCalendars,
  ) {}

  execute({ command, metadata }: CancelBooking): Promise<CommandOutcome<HostCalendar>> {
    const streamId = hostCalendarStreamId(command.hostUserId);
    return this.calendars.serially(streamId, () =>
      runCommand({
        store: this.store,
        streamId,
        decider: hostCalendarDecider,
        command: { type: 'CancelBooking', ...command },
        metadata,
        retries: RACE_RETRIES,
        cache: this.calendars.states,
      }),
    );
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { hostCalendarDecider, type CalendarCommand, type HostCalendar } from '../booking.decider';
import { hostCalendarStreamId } from '../booking.events';
import { HostCalendars } from './host-calendars';

export class ReleaseHold extends Command<CommandOutcome<HostCalendar>> {
  constructor(
    readonly command: Omit<Extract<CalendarCommand, { type: 'ReleaseHold' }>, 'type'>,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Gives a held time back (checkout cancelled, expired, failed or never opened). */
@CommandHandler(ReleaseHold)
export class ReleaseHoldHandler implements ICommandHandler<ReleaseHold, CommandOutcome<HostCalendar>> {
  constructor(private readonly calendars: HostCalendars) {}

  execute({ command, metadata }: ReleaseHold): Promise<CommandOutcome<HostCalendar>> {
    return runCommand({
      serialize: this.calendars.streams,
      streamId: hostCalendarStreamId(command.hostUserId),
      decider: hostCalendarDecider,
      command: { type: 'ReleaseHold', ...command },
      metadata,
      cache: this.calendars.states,
    });
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import type { CalendarCommand, HostCalendar } from '../booking.decider';
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
    return this.calendars.decide({ type: 'ReleaseHold', ...command }, metadata);
  }
}

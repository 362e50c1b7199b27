import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { hostCalendarDecider, type CalendarCommand, type HostCalendar } from '../booking.decider';
import { hostCalendarStreamId } from '../booking.events';
import { HostCalendars, RACE_RETRIES } from './host-calendars';

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
  constructor(
    private readonly store: EventStore,
    private readonly calendars: HostCalendars,
  ) {}

  execute({ command, metadata }: ReleaseHold): Promise<CommandOutcome<HostCalendar>> {
    const streamId = hostCalendarStreamId(command.hostUserId);
    return this.calendars.serially(streamId, () =>
      runCommand({
        store: this.store,
        streamId,
        decider: hostCalendarDecider,
        command: { type: 'ReleaseHold', ...command },
        metadata,
        retries: RACE_RETRIES,
        cache: this.calendars.states,
      }),
    );
  }
}

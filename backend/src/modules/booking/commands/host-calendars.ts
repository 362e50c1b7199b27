import { Injectable } from '@nestjs/common';
import { runCommand, StreamStateCache, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { SerializedStreams } from '../../../events/serialized-streams';
import { hostCalendarDecider, type CalendarCommand, type HostCalendar } from '../booking.decider';
import { hostCalendarStreamId } from '../booking.events';

/**
 * What every command on a host's calendar shares: they run one at a time per calendar across every
 * process (customers racing for times wait their turn instead of losing it to a version conflict),
 * each from this process's cached state of the calendar.
 */
@Injectable()
export class HostCalendars {
  private readonly states = new StreamStateCache<HostCalendar>(1_000);

  constructor(private readonly streams: SerializedStreams) {}

  /** Load → decide → append on the host's calendar, with the calendar locked meanwhile. */
  decide(command: CalendarCommand, metadata: EventMetadata): Promise<CommandOutcome<HostCalendar>> {
    return runCommand({
      serialize: this.streams,
      streamId: hostCalendarStreamId(command.hostUserId),
      decider: hostCalendarDecider,
      command,
      metadata,
      cache: this.states,
    });
  }
}

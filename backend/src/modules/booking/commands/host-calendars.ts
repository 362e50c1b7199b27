import { Injectable } from '@nestjs/common';
import { StreamStateCache } from '../../../events/command-runner';
import { SerializedStreams } from '../../../events/serialized-streams';
import type { HostCalendar } from '../booking.decider';

/**
 * What every command on a host's calendar shares: they run one at a time per calendar across every
 * process (customers racing for times wait their turn instead of losing it to a version conflict),
 * each from this process's cached state of the calendar.
 */
@Injectable()
export class HostCalendars {
  readonly states = new StreamStateCache<HostCalendar>(1_000);

  constructor(readonly streams: SerializedStreams) {}
}

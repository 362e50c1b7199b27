import { Injectable } from '@nestjs/common';
import { StreamStateCache } from '../../../events/command-runner';
import { StreamVersionConflictError } from '../../../events/event-store.errors';
import { KeyedLanes } from '../../../events/keyed-lanes';
import { SlotTakenError } from '../booking.errors';
import type { HostCalendar } from '../booking.decider';

export const RACE_RETRIES = 20;

/** What every command on a host's calendar shares in this process: one at a time per calendar, from its cached state. */
@Injectable()
export class HostCalendars {
  private readonly lanes = new KeyedLanes();
  readonly states = new StreamStateCache<HostCalendar>(1_000);

  /** Runs a calendar command in the calendar's lane; a lost race is decided again (against the winner) until it settles. */
  async serially<T>(streamId: string, run: () => Promise<T>): Promise<T> {
    try {
      return await this.lanes.run(streamId, run);
    } catch (error) {
      // Lost every race to other processes: the calendar is too busy to tell; say so as a taken slot.
      if (error instanceof StreamVersionConflictError) throw new SlotTakenError();
      throw error;
    }
  }
}

import type { Decider } from '../../events/decider';
import type { EventData } from '../../events/event-registry';
import { quarterEnd } from './quarters';
import { QuarterAlreadyClosedError, QuarterNotEndedError } from './tax-report.errors';
import { TaxQuarterClosed, type TaxReportEvent } from './tax-report.events';

export type TaxQuarterCommand = {
  type: 'CloseTaxQuarter';
  quarter: string;
  closedThrough: EventData<typeof TaxQuarterClosed>['closedThrough'];
  checksum: string;
  at: string;
};

export type TaxQuarterState = { status: 'open' } | { status: 'closed'; closedAt: string; checksum: string };

/** One tax period: open until the owner closes it, once, after it has ended. */
export const taxQuarterDecider: Decider<TaxQuarterCommand, TaxReportEvent, TaxQuarterState> = {
  events: [TaxQuarterClosed],
  initialState: () => ({ status: 'open' }),

  evolve(_state, event) {
    switch (event.type) {
      case 'TaxQuarterClosed':
        return { status: 'closed', closedAt: event.data.closedAt, checksum: event.data.checksum };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CloseTaxQuarter': {
        if (state.status === 'closed') throw new QuarterAlreadyClosedError(command.quarter);
        const end = quarterEnd(command.quarter);
        if (new Date(command.at) < end) throw new QuarterNotEndedError(command.quarter, end.toISOString());
        return [TaxQuarterClosed({ quarter: command.quarter, closedThrough: command.closedThrough, checksum: command.checksum, closedAt: command.at })];
      }
      default: {
        const unhandled: never = command.type;
        throw new Error(`unhandled command ${JSON.stringify(unhandled)}`);
      }
    }
  },
};

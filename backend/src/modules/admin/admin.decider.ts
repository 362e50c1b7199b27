import type { Decider } from '../../events/decider';
import { ReplayCompleted, ReplayFailed, ReplayRequested, type ReplayEvent } from './admin.events';
import { ReplayExistsError, ReplayNotRunningError, UnknownProjectorError } from './admin.errors';

export type ReplayState =
  | { status: 'none' }
  | { status: 'requested'; projector: string }
  | { status: 'completed'; projector: string; eventsApplied: number }
  | { status: 'failed'; projector: string; reason: string };

export type ReplayCommand =
  | { type: 'RequestReplay'; replayId: string; projector: string; knownProjectors: readonly string[]; now: Date }
  | { type: 'CompleteReplay'; replayId: string; eventsApplied: number; durationMs: number; now: Date }
  | { type: 'FailReplay'; replayId: string; reason: string; now: Date };

/** One rebuild of one read model: requested once, then completed or failed once. */
export const replayDecider: Decider<ReplayCommand, ReplayEvent, ReplayState> = {
  events: [ReplayRequested, ReplayCompleted, ReplayFailed],
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'ReplayRequested':
        return { status: 'requested', projector: event.data.projector };
      case 'ReplayCompleted':
        return state.status === 'none' ? state : { status: 'completed', projector: state.projector, eventsApplied: event.data.eventsApplied };
      case 'ReplayFailed':
        return state.status === 'none' ? state : { status: 'failed', projector: state.projector, reason: event.data.reason };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestReplay':
        if (!command.knownProjectors.includes(command.projector)) {
          throw new UnknownProjectorError(command.projector);
        }
        if (state.status !== 'none') throw new ReplayExistsError(command.replayId);
        return [ReplayRequested({ replayId: command.replayId, projector: command.projector, requestedAt: command.now.toISOString() })];
      case 'CompleteReplay':
        if (state.status === 'completed') return [];
        if (state.status !== 'requested') throw new ReplayNotRunningError(command.replayId);
        return [
          ReplayCompleted({
            replayId: command.replayId,
            eventsApplied: command.eventsApplied,
            durationMs: command.durationMs,
            completedAt: command.now.toISOString(),
          }),
        ];
      case 'FailReplay':
        if (state.status === 'failed') return [];
        if (state.status !== 'requested') throw new ReplayNotRunningError(command.replayId);
        return [ReplayFailed({ replayId: command.replayId, reason: command.reason, failedAt: command.now.toISOString() })];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};

import { AppError } from '../../platform/common/app-error';
import type { Decider } from '../../events/decider';
import { ReplayCompleted, ReplayFailed, ReplayRequested, type ReplayEvent } from './admin.events';

export type ReplayState =
  | { status: 'none' }
  | { status: 'requested'; projector: string }
  | { status: 'completed'; projector: string; eventsApplied: number }
  | { status: 'failed'; projector: string; reason: string };

export type ReplayCommand =
  | { type: 'RequestReplay'; replayId: string; projector: string; knownProjectors: readonly string[]; now: Date }
  | { type: 'CompleteReplay'; replayId: string; eventsApplied: number; durationMs: number; now: Date }
  | { type: 'FailReplay'; replayId: string; reason: string; now: Date };

export class ReplayRuleError extends AppError {
  constructor(code: 'admin.unknown_projector' | 'admin.replay_exists' | 'admin.replay_not_running', message: string) {
    super(code, code === 'admin.unknown_projector' ? 400 : 409, message);
  }
}

/** One rebuild of one read model: requested once, then completed or failed once. */
export const replayDecider: Decider<ReplayCommand, ReplayEvent, ReplayState> = {
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
          throw new ReplayRuleError('admin.unknown_projector', `There is no read model called ${command.projector}.`);
        }
        if (state.status !== 'none') throw new ReplayRuleError('admin.replay_exists', `Replay ${command.replayId} was already requested.`);
        return [ReplayRequested({ replayId: command.replayId, projector: command.projector, requestedAt: command.now.toISOString() })];
      case 'CompleteReplay':
        if (state.status === 'completed') return [];
        if (state.status !== 'requested') throw new ReplayRuleError('admin.replay_not_running', `Replay ${command.replayId} is not running.`);
        return [
          ReplayCompleted({ replayId: command.replayId, eventsApplied: command.eventsApplied, durationMs: command.durationMs, completedAt: command.now.toISOString() }),
        ];
      case 'FailReplay':
        if (state.status === 'failed') return [];
        if (state.status !== 'requested') throw new ReplayRuleError('admin.replay_not_running', `Replay ${command.replayId} is not running.`);
        return [ReplayFailed({ replayId: command.replayId, reason: command.reason, failedAt: command.now.toISOString() })];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};

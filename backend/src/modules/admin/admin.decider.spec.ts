import { deciderSpec } from '../../../../test/support/decider-spec';
import { ReplayCompleted, ReplayFailed, ReplayRequested } from './admin.events';
import { ReplayRuleError } from './admin.errors';
import { replayDecider } from './admin.decider';

const spec = deciderSpec(replayDecider);
const now = new Date('2026-11-23T10:00:00.000Z');
const requested = ReplayRequested({ replayId: 'r1', projector: 'StreamSummaryProjector', requestedAt: now.toISOString() });

describe('a replay nobody has asked for', () => {
  it('is requested for a known read model', () => {
    spec
      .given([])
      .when({ type: 'RequestReplay', replayId: 'r1', projector: 'StreamSummaryProjector', knownProjectors: ['StreamSummaryProjector'], now })
      .then([requested]);
  });

  it('refuses an unknown read model', () => {
    spec
      .given([])
      .when({ type: 'RequestReplay', replayId: 'r1', projector: 'Nope', knownProjectors: ['StreamSummaryProjector'], now })
      .thenThrows(ReplayRuleError, 'admin.unknown_projector');
  });

  it('cannot complete', () => {
    spec
      .given([])
      .when({ type: 'CompleteReplay', replayId: 'r1', eventsApplied: 1, durationMs: 1, now })
      .thenThrows(ReplayRuleError, 'admin.replay_not_running');
  });
});

describe('a requested replay', () => {
  it('cannot be requested again', () => {
    spec
      .given([requested])
      .when({ type: 'RequestReplay', replayId: 'r1', projector: 'StreamSummaryProjector', knownProjectors: ['StreamSummaryProjector'], now })
      .thenThrows(ReplayRuleError, 'admin.replay_exists');
  });

  it('completes with its figures', () => {
    spec
      .given([requested])
      .when({ type: 'CompleteReplay', replayId: 'r1', eventsApplied: 1200, durationMs: 340, now })
      .then([ReplayCompleted({ replayId: 'r1', eventsApplied: 1200, durationMs: 340, completedAt: now.toISOString() })]);
  });

  it('fails with its reason', () => {
    spec
      .given([requested])
      .when({ type: 'FailReplay', replayId: 'r1', reason: 'disk full', now })
      .then([ReplayFailed({ replayId: 'r1', reason: 'disk full', failedAt: now.toISOString() })]);
  });
});

describe('a finished replay', () => {
  const completed = ReplayCompleted({ replayId: 'r1', eventsApplied: 5, durationMs: 9, completedAt: now.toISOString() });

  it('completing again records nothing (a retried job)', () => {
    spec.given([requested, completed]).when({ type: 'CompleteReplay', replayId: 'r1', eventsApplied: 5, durationMs: 9, now }).then([]);
  });

  it('cannot fail after it completed', () => {
    spec.given([requested, completed]).when({ type: 'FailReplay', replayId: 'r1', reason: 'late', now }).thenThrows(ReplayRuleError);
  });
});

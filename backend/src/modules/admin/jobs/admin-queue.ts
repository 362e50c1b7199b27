import type { Cause } from '../../../events/metadata-for';

export const ADMIN_QUEUE = 'admin';
export const REPLAY_JOB = 'admin.replay';

export interface ReplayJobData {
  replayId: string;
  projector: string;
  /** The request's event; absent from jobs queued before it was carried. */
  cause?: Cause;
}

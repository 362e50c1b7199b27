export const ADMIN_QUEUE = 'admin';
export const REPLAY_JOB = 'admin.replay';

export interface ReplayJobData {
  replayId: string;
  projector: string;
}

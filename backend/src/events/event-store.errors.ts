import { ConflictError } from '../platform/common/app-error';

export type ExpectedVersion = 'no-stream' | 'any' | number;

/** The stream was not at the expected version: someone else appended first. Maps to 409. */
export class StreamVersionConflictError extends ConflictError {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | undefined,
  ) {
    super(`Stream ${streamId} changed while you were working on it (expected ${expected}, found ${actual ?? 'a newer version'}); try again.`);
  }
}

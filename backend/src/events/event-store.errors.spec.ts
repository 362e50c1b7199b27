import { AppError, ConflictError } from '../platform/common/app-error';
import { StreamVersionConflictError } from './event-store.errors';

describe('StreamVersionConflictError', () => {
  it('is a ConflictError, so the transport answers 409 CONFLICT', () => {
    const error = new StreamVersionConflictError('license-1', 3, 4);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', streamId: 'license-1', expected: 3, actual: 4, name: 'StreamVersionConflictError' });
  });

  it('says what was expected and what was found', () => {
    expect(new StreamVersionConflictError('license-1', 'no-stream', 2).message).toMatch(/expected no-stream, found 2/);
    expect(new StreamVersionConflictError('license-1', 3, undefined).message).toMatch(/expected 3, found a newer version/);
  });
});

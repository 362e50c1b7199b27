import { ValidationFailedError } from '../platform/common/app-error';
import { MAX_INPUT_TEXT_LENGTH } from '../../../contracts/text-rule';
import { findOverlongString, findUnsafeString, refuseUnsafeStrings } from './unsafe-strings';

describe('findUnsafeString', () => {
  it('accepts ordinary text, emoji and nested values', () => {
    expect(findUnsafeString({ q: 'notes 📝', list: ['a', { b: 'ü' }], n: 3, ok: true, none: null })).toBeNull();
  });

  it('names the path of a NUL, a lone surrogate, or such a key', () => {
    expect(findUnsafeString({ resourceId: 'a\0b' })).toEqual(['resourceId']);
    expect(findUnsafeString({ list: ['fine', { deep: '\ud800' }] })).toEqual(['list', 1, 'deep']);
    expect(findUnsafeString({ ['k\0']: 'v' })).toEqual(['k\0']);
  });
});

describe('refuseUnsafeStrings', () => {
  it('throws a validation failure (400) naming the field', () => {
    let thrown: unknown;
    try {
      refuseUnsafeStrings({ email: 'x\udc00@example.com' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationFailedError);
    expect((thrown as ValidationFailedError).status).toBe(400);
  });
});

describe('findOverlongString', () => {
  it('names a string or key longer than any field takes, and lets the limit itself through', () => {
    expect(findOverlongString({ q: 'x'.repeat(MAX_INPUT_TEXT_LENGTH) })).toBeNull();
    expect(findOverlongString({ list: ['a', 'x'.repeat(MAX_INPUT_TEXT_LENGTH + 1)] })).toEqual(['list', 1]);
    expect(findOverlongString({ ['k'.repeat(MAX_INPUT_TEXT_LENGTH + 1)]: 'v' })).toHaveLength(1);
  });

  it('is refused as a validation failure (400)', () => {
    expect(() => refuseUnsafeStrings({ message: 'x'.repeat(100 * 1024) })).toThrow(ValidationFailedError);
  });
});

import { isStorableText, MAX_INPUT_TEXT_LENGTH } from '../../../contracts/text-rule';
import { ValidationFailedError } from '../platform/common/app-error';

type Path = Array<string | number>;

/** Where in a decoded payload a string (or a key) holds a NUL or a lone surrogate, or null. */
export function findUnsafeString(value: unknown): Path | null {
  return findString(value, (text) => !isStorableText(text));
}

/** Where in a decoded payload a string (or a key) is longer than any field takes, or null. */
export function findOverlongString(value: unknown): Path | null {
  return findString(value, (text) => text.length > MAX_INPUT_TEXT_LENGTH);
}

function findString(value: unknown, refused: (text: string) => boolean, path: Path = [], depth = 0): Path | null {
  if (typeof value === 'string') return refused(value) ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (refused(key)) return at;
    const found = findString(inner, refused, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Refuses, in the one place every server function's input passes, text no field may hold. */
export function refuseUnsafeStrings(input: unknown): void {
  const unsafe = findUnsafeString(input);
  if (unsafe) {
    throw new ValidationFailedError(
      [{ path: unsafe.map(String), message: 'Text may not contain NUL characters or unpaired surrogates.', code: 'invalid_string' }],
      'The request contains text that cannot be stored.',
    );
  }
  const overlong = findOverlongString(input);
  if (overlong) {
    throw new ValidationFailedError(
      [{ path: overlong.map(String), message: `Text may be at most ${MAX_INPUT_TEXT_LENGTH} characters long.`, code: 'too_big' }],
      'The request contains text that is too long.',
    );
  }
}

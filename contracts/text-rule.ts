/**
 * The one rule every string a client sends must keep, whatever field it is in: Postgres cannot
 * store a NUL, and an unpaired surrogate has no UTF-8 form. With the u flag a surrogate pair is
 * one code point, so only an unpaired half matches.
 */
export const UNSTORABLE_TEXT = /\0|\p{Surrogate}/u;

/**
 * The longest string any server-function input may hold; fields set lower limits of their own.
 * Above every field's own limit, so it only refuses what no field takes.
 */
export const MAX_INPUT_TEXT_LENGTH = 10_000;

export const UNSTORABLE_TEXT_MESSAGE = 'Text may not contain NUL characters or unpaired surrogates.';

export function isStorableText(value: string): boolean {
  return !UNSTORABLE_TEXT.test(value);
}

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Ids and names that reach SQL, URLs and headers: storable, and no control character either. */
export function isPlainLineText(value: string): boolean {
  return isStorableText(value) && !CONTROL_CHARACTER.test(value);
}

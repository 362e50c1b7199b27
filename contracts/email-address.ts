import type { z } from 'zod';

/**
 * The one rule for an email address wherever one enters (sign-in and sign-up, seats, contact,
 * email preferences): what it is compared and stored as, and which addresses are refused because
 * they would display like another one.
 */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;

export type EmailAddressProblem = 'invisible_character' | 'mixed_script' | 'too_long' | 'not_an_address';

export type EmailAddressReading = { ok: true; address: string } | { ok: false; problem: EmailAddressProblem; code: string; message: string };

const MESSAGES: Record<EmailAddressProblem, string> = {
  invisible_character:
    'That email address has an invisible character in it (a zero-width space or a control character). Type the address again rather than pasting it.',
  mixed_script:
    'That email address mixes letters of different alphabets (a Cyrillic or Greek letter among Latin ones, say), so it would look like another address. Type it again in one alphabet.',
  too_long: 'That email address is too long.',
  not_an_address: 'Enter an email address such as name@example.com.',
};

/**
 * Characters nobody sees, or sees only as space: zero-width spaces and joiners, direction marks,
 * fillers, controls. A plain space is left to the address rule: someone who typed "not an email"
 * sees the gap, and is told what an address looks like rather than about an invisible character.
 */
const INVISIBLE = /(?! )[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Z}]/u;

/** zod's own address rule (`z.regexes.email`), which every form has used: ASCII once NFKC has folded what it can. */
const ADDRESS = /^(?:[a-z0-9_'+-]+\.)*[a-z0-9_'+-]*[a-z0-9_+-]@(?:[a-z0-9][a-z0-9-]*\.)+[a-z]{2,}$/;

/**
 * The scripts told apart. Han, kana, Hangul and Bopomofo count as one, as Japanese and Korean write
 * them together. (An address outside ASCII after NFKC is refused anyway, by the rule above; this
 * check says why when the reason is a look-alike letter.)
 */
const SCRIPTS: Array<[name: string, pattern: RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
];

/** The scripts of a part's letters and script-specific digits; digits, dots and hyphens belong to none. */
function scriptsOf(part: string): Set<string> {
  const found = new Set<string>();
  for (const char of part) {
    const script = SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? (/\p{L}/u.test(char) ? 'other' : undefined);
    if (script) found.add(script);
  }
  return found;
}

/** What an address is compared and stored as: compatibility forms folded (NFKC: fullwidth letters, ligatures), trimmed, lower-cased. */
export function normaliseEmailAddress(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase().normalize('NFKC');
}

/** The address as stored, or why it is refused; the mailbox and each domain label must each keep to one script. */
export function readEmailAddress(value: string): EmailAddressReading {
  const address = normaliseEmailAddress(value);
  const refuse = (problem: EmailAddressProblem): EmailAddressReading => ({ ok: false, problem, code: `email_address.${problem}`, message: MESSAGES[problem] });
  if (INVISIBLE.test(address)) return refuse('invisible_character');
  if (address.length > EMAIL_ADDRESS_MAX_LENGTH) return refuse('too_long');
  const [mailbox = '', domain = ''] = address.split('@');
  if ([mailbox, ...domain.split('.')].some((part) => scriptsOf(part).size > 1)) return refuse('mixed_script');
  if (!ADDRESS.test(address)) return refuse('not_an_address');
  return { ok: true, address };
}

/**
 * An email address field of a contract, as `z.string().transform(toEmailAddress)`: normalised, or
 * refused with the reader's message and code (`email_address.mixed_script`, …) on the field's
 * issue. This module builds no schema itself, so the pages that only call a contract load no zod.
 */
export function toEmailAddress(value: string, ctx: z.RefinementCtx): string {
  const reading = readEmailAddress(value);
  if (reading.ok) return reading.address;
  ctx.addIssue({ code: 'custom', message: reading.message, params: { code: reading.code } });
  return value;
}

import { z } from 'zod';
import { readEmailAddress, toEmailAddress } from './email-address';

const emailAddressSchema = z.string().transform(toEmailAddress);

describe('an email address as the site reads it', () => {
  it.each([
    ['Grace@Example.com', 'grace@example.com'],
    ['  ada@example.com ', 'ada@example.com'],
    // Fullwidth letters and the @ sign are compatibility forms: NFKC folds them to the address they show.
    ['ａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'ada@example.com'],
    ['ﬁona@example.com', 'fiona@example.com'],
    ['ada+lists@mail.example.co.uk', 'ada+lists@mail.example.co.uk'],
  ])('keeps %p as %p', (typed, stored) => {
    expect(readEmailAddress(typed)).toEqual({ ok: true, address: stored });
  });

  it.each([
    ['a zero-width space', 'ada\u200b@example.com'],
    ['a zero-width joiner in the domain', 'ada@exam\u200dple.com'],
    ['a byte-order mark', 'ada\ufeff@example.com'],
    ['a right-to-left override', 'ada@\u202eelpmaxe.com'],
    ['a soft hyphen', 'a\u00adda@example.com'],
    ['a Hangul filler', 'ada\u3164@example.com'],
  ])('refuses an address with %s as invisible', (_what, typed) => {
    expect(readEmailAddress(typed)).toMatchObject({ ok: false, problem: 'invisible_character', code: 'email_address.invisible_character' });
  });

  it.each([
    ['a Cyrillic а in a Latin mailbox', '\u0430da@example.com'],
    ['a Cyrillic о in a Latin domain', 'ada@example.c\u043em'],
    ['a Greek ο in a Latin domain label', 'ada@g\u03bfogle.com'],
  ])('refuses %s as mixed-script', (_what, typed) => {
    const reading = readEmailAddress(typed);
    expect(reading).toMatchObject({ ok: false, problem: 'mixed_script', code: 'email_address.mixed_script' });
    expect(!reading.ok && reading.message).toMatch(/different alphabets/);
  });

  it('refuses what is not an address, or too long for one', () => {
    expect(readEmailAddress('not an email')).toMatchObject({ ok: false, problem: 'not_an_address' });
    expect(readEmailAddress('ada lovelace@example.com')).toMatchObject({ ok: false, problem: 'not_an_address' });
    expect(readEmailAddress('ada@localhost')).toMatchObject({ ok: false, problem: 'not_an_address' });
    expect(readEmailAddress(`${'a'.repeat(250)}@example.com`)).toMatchObject({ ok: false, problem: 'too_long' });
  });

  it("puts the refusal on the field's issue with its own code", () => {
    const parsed = emailAddressSchema.safeParse('\u0430da@example.com');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ code: 'custom', params: { code: 'email_address.mixed_script' }, path: [] })]);
    expect(emailAddressSchema.parse('ＡＤＡ@example.com')).toBe('ada@example.com');
  });
});

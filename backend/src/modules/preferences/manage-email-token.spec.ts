import { randomBytes } from 'node:crypto';
import { ManageEmailTokens, TOKEN_VALID_DAYS } from './manage-email-token';

describe('manage-email tokens', () => {
  const key = randomBytes(32);
  let now = new Date('2026-11-23T12:00:00Z');
  const tokens = new ManageEmailTokens(key, () => now);
  afterEach(() => {
    now = new Date('2026-11-23T12:00:00Z');
  });

  it('accepts its own token for the same address, whatever its case and spacing', () => {
    const token = tokens.issue('Ada@Example.com', 'manage');
    expect(tokens.verify(' ada@example.COM ', 'manage', token)).toEqual({ ok: true, issuedAt: new Date('2026-11-23T12:00:00Z') });
  });

  it("refuses another address's token", () => {
    const token = tokens.issue('ada@example.com', 'manage');
    expect(tokens.verify('grace@example.com', 'manage', token)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a token made for another purpose', () => {
    const unsubscribe = tokens.issue('ada@example.com', 'unsubscribe.newsletter');
    expect(tokens.verify('ada@example.com', 'manage', unsubscribe)).toEqual({ ok: false, reason: 'mismatch' });
    expect(tokens.verify('ada@example.com', 'unsubscribe.product_updates', unsubscribe)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a token signed with another key, or with its issue time changed', () => {
    const forged = new ManageEmailTokens(randomBytes(32), () => now).issue('ada@example.com', 'manage');
    expect(tokens.verify('ada@example.com', 'manage', forged)).toEqual({ ok: false, reason: 'mismatch' });
    const [v, , mac] = tokens.issue('ada@example.com', 'manage').split('.');
    const later = Math.floor(now.getTime() / 1000 + 86_400).toString(36);
    expect(tokens.verify('ada@example.com', 'manage', `${v}.${later}.${mac}`)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('keeps working for at least 30 days, and stops after its validity', () => {
    const token = tokens.issue('ada@example.com', 'unsubscribe.newsletter');
    now = new Date(now.getTime() + 31 * 86_400_000);
    expect(tokens.verify('ada@example.com', 'unsubscribe.newsletter', token).ok).toBe(true);
    now = new Date(new Date('2026-11-23T12:00:00Z').getTime() + (TOKEN_VALID_DAYS * 86_400 + 1) * 1000);
    expect(tokens.verify('ada@example.com', 'unsubscribe.newsletter', token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token from the future (beyond clock skew)', () => {
    const future = new ManageEmailTokens(key, () => new Date(now.getTime() + 3_600_000)).issue('ada@example.com', 'manage');
    expect(tokens.verify('ada@example.com', 'manage', future)).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['', 'missing'],
    [undefined, 'missing'],
    ['v1.abc', 'malformed'],
    ['v2.smh3k0.' + 'A'.repeat(43), 'malformed'],
    ['v1.smh3k0.' + 'A'.repeat(42), 'malformed'],
    ['v1.smh3k0.' + 'A'.repeat(43) + '<script>', 'malformed'],
  ])('says why %p is refused', (token, reason) => {
    expect(tokens.verify('ada@example.com', 'manage', token)).toEqual({ ok: false, reason });
  });

  it('needs the address beside the token', () => {
    expect(tokens.verify(undefined, 'manage', tokens.issue('ada@example.com', 'manage'))).toEqual({ ok: false, reason: 'missing' });
  });
});

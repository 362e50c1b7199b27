import { signedInFuture } from './signature-time';

describe('signedInFuture', () => {
  const now = 1_800_000_000;

  it('accepts a signature from now, from the past, or up to 300 s ahead', () => {
    expect(signedInFuture(`t=${now},v1=abc`, now)).toBe(false);
    expect(signedInFuture(`t=${now - 3600},v1=abc`, now)).toBe(false);
    expect(signedInFuture(`t=${now + 300},v1=abc`, now)).toBe(false);
  });

  it('refuses one dated more than 300 s ahead, wherever t= stands in the header', () => {
    expect(signedInFuture(`t=${now + 301},v1=abc`, now)).toBe(true);
    expect(signedInFuture(`v1=abc, t=${now + 86_400}`, now)).toBe(true);
  });

  it('leaves a header without a time to the signature check', () => {
    expect(signedInFuture('v1=abc', now)).toBe(false);
  });
});

import { randomBytes } from 'node:crypto';
import { readSeatInvitation, signSeatInvitation } from './seat-invitation-token';

const key = randomBytes(32);
const licenseId = `lic_${'a1'.repeat(12)}`;

describe('a seat invitation link', () => {
  it('names the license and the invited address it was signed for', () => {
    expect(readSeatInvitation(key, signSeatInvitation(key, licenseId, 'Bo@Example.com'))).toEqual({ licenseId, email: 'bo@example.com' });
  });

  it('is refused when forged: another key, another address or license spliced in, or a changed signature', () => {
    const token = signSeatInvitation(key, licenseId, 'bo@example.com');
    expect(readSeatInvitation(randomBytes(32), token)).toBeNull();
    const [, , signature] = token.split('.');
    expect(readSeatInvitation(key, `${licenseId}.${Buffer.from('eve@example.com').toString('base64url')}.${signature}`)).toBeNull();
    expect(readSeatInvitation(key, `lic_${'b2'.repeat(12)}.${token.split('.')[1]}.${signature}`)).toBeNull();
    expect(readSeatInvitation(key, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
  });

  it('is refused when malformed, whatever it holds', () => {
    for (const junk of ['', 'x', '\u0000', '\ud800', 'a'.repeat(100_000), `${licenseId}..`, 'lic_zz.YQ.sig']) expect(readSeatInvitation(key, junk)).toBeNull();
  });
});

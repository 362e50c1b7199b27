import { randomBytes } from 'node:crypto';
import { DownloadLinks } from './download-links';

const key = randomBytes(32);
const links = new DownloadLinks(key, 600);
const grant = { userId: 'user_1', resourceId: 'meeting-notes-system', fileName: 'meeting-notes-system.zip', version: 2 };
const NOW = new Date('2026-11-24T12:00:00.000Z');

describe('signed download links', () => {
  it('verify what they were signed for, for ten minutes', () => {
    const { token, expiresAt } = links.sign(grant, NOW);
    expect(expiresAt.toISOString()).toBe('2026-11-24T12:10:00.000Z');
    expect(links.verify(token, new Date(NOW.getTime() + 599_000))).toEqual({ ok: true, grant: { ...grant, expiresAt: expiresAt.getTime() / 1000 } });
  });

  it('are expired from their expiry on', () => {
    const { token, expiresAt } = links.sign(grant, NOW);
    expect(links.verify(token, new Date(NOW.getTime() + 600_000))).toEqual({
      ok: false,
      reason: 'expired',
      grant: { ...grant, expiresAt: expiresAt.getTime() / 1000 },
    });
  });

  it('are forged when any character of the payload or the MAC changes', () => {
    const { token } = links.sign(grant, NOW);
    const [payload, mac] = token.split('.') as [string, string];
    const other = links.sign({ ...grant, userId: 'user_2' }, NOW).token.split('.')[0]!;
    expect(links.verify(`${other}.${mac}`, NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(links.verify(`${payload}.${mac.slice(0, -2)}${mac.endsWith('A') ? 'BB' : 'AA'}`, NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(links.verify(payload, NOW)).toEqual({ ok: false, reason: 'forged' });
    expect(links.verify('', NOW)).toEqual({ ok: false, reason: 'forged' });
  });

  it('made with another key are forged (a key per site, derived per use)', () => {
    const { token } = new DownloadLinks(randomBytes(32), 600).sign(grant, NOW);
    expect(links.verify(token, NOW)).toEqual({ ok: false, reason: 'forged' });
  });

  it('end with the file name, escaped', () => {
    expect(links.path('t.m', 'Résumé notes.md')).toBe('/library/files/t.m/R%C3%A9sum%C3%A9%20notes.md');
  });
});

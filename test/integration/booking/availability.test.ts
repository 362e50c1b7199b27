import { callFn, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

let site: SiteServer;
let host: string;
beforeAll(async () => {
  site = await startAddressableSite('availability', { LOCAL_ADMIN_EMAILS: 'host@example.com' });
  host = await signUpOverHttp(site, 'host@example.com', 'Hannah Host');
}, 90_000);
afterAll(() => site?.stop());

const week = {
  '1': [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '17:00' },
  ],
  '2': [{ start: '09:00', end: '17:00' }],
  '3': [],
  '4': [],
  '5': [{ start: '10:00', end: '14:00' }],
  '6': [],
  '7': [],
};
const schedule = {
  timeZone: 'Europe/Berlin',
  weekly: week,
  overrides: { '2026-12-24': [] },
  bufferMinutes: 15,
  minimumNoticeMinutes: 720,
  horizonDays: 28,
  meetingUrl: 'https://meet.example.com/hannah',
};

describe('host availability', () => {
  it('a host saves weekly hours, overrides and rules, and reads them back', async () => {
    expect((await callFn(site.url, 'getHostAvailability', {}, { cookie: host, method: 'GET' })).result).toEqual({
      host: true,
      schedule: null,
      updatedAt: null,
    });
    const saved = await callFn(site.url, 'saveHostAvailability', { schedule }, { cookie: host });
    expect(saved.result).toMatchObject({ saved: true });
    expect((await callFn(site.url, 'getHostAvailability', {}, { cookie: host, method: 'GET' })).result).toEqual({
      host: true,
      schedule,
      updatedAt: saved.result.updatedAt,
    });
  });

  it('refuses bad hours with the zod issues and keeps what was saved', async () => {
    const bad = {
      ...schedule,
      timeZone: 'Mars/Olympus',
      weekly: {
        ...week,
        '1': [
          { start: '09:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ],
        '2': [{ start: '17:00', end: '09:00' }],
      },
      bufferMinutes: -5,
    };
    const answer = await callFn(site.url, 'saveHostAvailability', { schedule: bad }, { cookie: host });
    expect(answer.status).toBe(400);
    const paths = (answer.error!.issues as Array<{ path: string[] }>).map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['schedule.bufferMinutes', 'schedule.timeZone', 'schedule.weekly.1', 'schedule.weekly.2.0.end']);
    expect((await callFn(site.url, 'getHostAvailability', {}, { cookie: host, method: 'GET' })).result.schedule).toEqual(schedule);
  });

  it('is for hosts only', async () => {
    const customer = await signUpOverHttp(site, 'customer@example.com');
    const answer = await callFn(site.url, 'saveHostAvailability', { schedule }, { cookie: customer });
    expect(answer.status).toBe(403);
    expect(answer.error!.code).toBe('booking.not_a_host');
    expect((await callFn(site.url, 'getHostAvailability', {}, { cookie: customer, method: 'GET' })).result).toEqual({
      host: false,
      schedule: null,
      updatedAt: null,
    });
    expect((await callFn(site.url, 'getHostAvailability', {}, { method: 'GET' })).status).toBe(401);
  });
});

import type { SessionDetails } from '../booking.events';
import { bookingIcs, bookingInviteAttachment, type BookingInvite } from './booking-ics';

/** The content lines of a file, unfolded (a line starting with a space continues the one before). */
const unfolded = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
const property = (ics: string, name: string) => unfolded(ics).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
/** A property's parameters (unquoted, in any order) and its value, with the mailto scheme in lower case. */
function parsed(ics: string, name: string) {
  const line = property(ics, name)!;
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length && colon < 0; i += 1) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) colon = i;
  }
  const params = Object.fromEntries(
    [...line.slice(0, colon).matchAll(/;([^=;]+)=("[^"]*"|[^;]*)/g)].map(([, key, value]) => [key, value!.replace(/^"|"$/g, '')]),
  );
  return { params, value: line.slice(colon + 1).replace(/^mailto:/i, 'mailto:') };
}

describe('a confirmed booking', () => {
  let ics: string;
  beforeAll(() => {
    ics = bookingIcs(invite());
  });

  it('is a REQUEST calendar with one confirmed event, in UTC, with the booking as its UID and SEQUENCE 0', () => {
    const lines = unfolded(ics);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        'UID:bk_7f3a@systemsculpt.com',
        'SEQUENCE:0',
        'DTSTAMP:20261123T140512Z',
        'DTSTART:20261201T140000Z',
        'DTEND:20261201T150000Z',
        'STATUS:CONFIRMED',
        'SUMMARY:1-on-1 Setup Session (60 min) with Mike',
      ]),
    );
    expect(lines.at(-1)).toBe('END:VCALENDAR');
  });

  it('puts the meeting link in LOCATION and URL, and both links in the DESCRIPTION', () => {
    expect(property(ics, 'LOCATION')).toBe('LOCATION:https://meet.example.com/sculpt-ada?pwd=a\\,b');
    // A URI value carries no TEXT escapes: the link itself, its comma percent-encoded.
    expect(decodeURIComponent(parsed(ics, 'URL').value)).toBe('https://meet.example.com/sculpt-ada?pwd=a,b');
    expect(parsed(ics, 'URL').value).not.toContain('\\');
    const description = property(ics, 'DESCRIPTION')!;
    expect(description).toContain('Join: https://meet.example.com/sculpt-ada?pwd=a\\,b');
    expect(description).toContain('\\nReschedule or cancel: https://systemsculpt.com/dashboard?section=sessions');
  });

  it('names the organizer (our support address) and the customer as an attendee who accepted', () => {
    expect(parsed(ics, 'ORGANIZER')).toEqual({ params: { CN: 'SystemSculpt' }, value: 'mailto:support@systemsculpt.com' });
    expect(parsed(ics, 'ATTENDEE')).toEqual({
      params: { CN: 'Lovelace, Ada', ROLE: 'REQ-PARTICIPANT', PARTSTAT: 'ACCEPTED', RSVP: 'FALSE' },
      value: 'mailto:ada@example.com',
    });
  });

  it('ends every line with CRLF and keeps each within 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('goes out as text/calendar with its method, so mail clients show it as an invitation', () => {
    expect(bookingInviteAttachment(invite())).toMatchObject({ filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
  });
});

describe('a booking without a meeting link', () => {
  it('has no LOCATION or URL and says the host sends the link', () => {
    const ics = bookingIcs(invite({ details: { ...details, meetingUrl: null } }));
    expect(property(ics, 'LOCATION')).toBeUndefined();
    expect(property(ics, 'URL')).toBeUndefined();
    expect(property(ics, 'DESCRIPTION')).toContain('Mike will send you the link to join');
  });
});

describe('a rescheduled booking', () => {
  it('keeps the UID, raises the SEQUENCE and carries the new time', () => {
    const lines = unfolded(bookingIcs(invite({ sequence: 1, start: '2026-12-03T09:30:00Z', end: '2026-12-03T10:30:00Z' })));
    expect(lines).toEqual(
      expect.arrayContaining(['METHOD:REQUEST', 'UID:bk_7f3a@systemsculpt.com', 'SEQUENCE:1', 'DTSTART:20261203T093000Z', 'DTEND:20261203T103000Z']),
    );
  });
});

describe('a cancelled booking', () => {
  it('is a CANCEL of the same UID with a higher SEQUENCE and STATUS:CANCELLED', () => {
    const ics = bookingIcs(invite({ method: 'CANCEL', sequence: 2 }));
    expect(unfolded(ics)).toEqual(expect.arrayContaining(['METHOD:CANCEL', 'UID:bk_7f3a@systemsculpt.com', 'SEQUENCE:2', 'STATUS:CANCELLED']));
    expect(bookingInviteAttachment(invite({ method: 'CANCEL', sequence: 2 })).contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });
});

describe('values', () => {
  it('escapes backslash, semicolon and comma in text, and writes newlines as \\n', () => {
    const ics = bookingIcs(invite({ details: { ...details, sessionTitle: 'a\\b;c,d\ne\r\nf' } }));
    expect(property(ics, 'SUMMARY')).toBe('SUMMARY:a\\\\b\\;c\\,d\\ne\\nf with Mike');
  });

  it('quotes parameter values and encodes what a parameter cannot hold as is (RFC 6868)', () => {
    const cn = (customerName: string) => parsed(bookingIcs(invite({ details: { ...details, customerName } })), 'ATTENDEE').params.CN;
    expect(cn('Ada')).toBe('Ada');
    expect(cn('Ada: "the first"')).toBe("Ada: ^'the first^'");
    expect(cn('Ada\nLovelace')).toBe('Ada^nLovelace');
  });

  it('writes times as UTC DATE-TIME, whatever offset they were given in', () => {
    expect(unfolded(bookingIcs(invite({ start: '2026-12-01T15:00:00+01:00' })))).toContain('DTSTART:20261201T140000Z');
    expect(() => bookingIcs(invite({ start: 'tomorrow' }))).toThrow(/valid date/);
  });
});

describe('folding', () => {
  const octets = (line: string) => Buffer.byteLength(line, 'utf8');

  it('leaves short lines alone and folds a longer one with CRLF and a space', () => {
    const ics = bookingIcs(invite({ details: { ...details, sessionTitle: 'x'.repeat(150) } }));
    const lines = ics.split('\r\n');
    expect(lines).toContain('METHOD:REQUEST');
    const summary = lines.findIndex((l) => l.startsWith('SUMMARY:'));
    expect(lines[summary + 1]).toMatch(/^ x/);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(property(ics, 'SUMMARY')).toBe(`SUMMARY:${'x'.repeat(150)} with Mike`);
  });

  it('counts octets, not characters, and never splits a character', () => {
    const title = `${'é'.repeat(60)}${'🧠'.repeat(30)}`;
    const ics = bookingIcs(invite({ details: { ...details, sessionTitle: title } }));
    for (const part of ics.split('\r\n')) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(property(ics, 'SUMMARY')).toBe(`SUMMARY:${title} with Mike`);
  });

  it('folds a long title so that unfolding gives it back', () => {
    const title = `Deep-dive; vaults, templates & workflows — ${'🧠'.repeat(20)}`;
    const ics = bookingIcs(invite({ details: { ...details, sessionTitle: title } }));
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(property(ics, 'SUMMARY')).toBe(`SUMMARY:Deep-dive\\; vaults\\, templates & workflows — ${'🧠'.repeat(20)} with Mike`);
  });
});

const details: SessionDetails = {
  sessionTypeId: 'setup-60',
  sessionTitle: '1-on-1 Setup Session (60 min)',
  minutes: 60,
  hostName: 'Mike',
  meetingUrl: 'https://meet.example.com/sculpt-ada?pwd=a,b',
  customerEmail: 'ada@example.com',
  customerName: 'Lovelace, Ada',
  customerTimeZone: 'Europe/Berlin',
  checkoutRef: 'chk_1',
  amountCents: 9900,
  currency: 'usd',
};

function invite(overrides: Partial<BookingInvite> = {}): BookingInvite {
  return {
    method: 'REQUEST',
    bookingId: 'bk_7f3a',
    sequence: 0,
    start: '2026-12-01T14:00:00.000Z',
    end: '2026-12-01T15:00:00.000Z',
    stamp: '2026-11-23T14:05:12.345Z',
    details,
    organizerEmail: 'support@systemsculpt.com',
    dashboardUrl: 'https://systemsculpt.com/dashboard?section=sessions',
    ...overrides,
  };
}

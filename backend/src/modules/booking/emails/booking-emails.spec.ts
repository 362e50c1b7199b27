import type { RecordedEvent } from '../../../events/recorded-event';
import type { TriggerContext } from '../../email/email-triggers';
import type { SessionDetails } from '../booking.events';
import { bookingEmailTriggers } from './booking-emails';

const triggers = bookingEmailTriggers('https://systemsculpt.com');
const context = { supportEmail: 'support@systemsculpt.com', links: {} } as TriggerContext;
const send = (type: string, data: object) =>
  triggers.filter((t) => t.event.type === type).map((t) => ({ kind: t.kind, email: t.send(data as never, {} as RecordedEvent, context) }));

describe('a booking with the customer’s address', () => {
  it('confirms to that address, in the zone they booked in, with the invite', () => {
    const [sent] = send('BookingConfirmed', confirmed);
    expect(sent!.kind).toBe('booking-confirmation');
    expect(sent!.email).toMatchObject({
      to: 'ada@example.com',
      timeZone: 'Asia/Tokyo',
      data: { name: 'Ada', startsAt: confirmed.start, meetingUrl: null, hostName: 'Mike' },
    });
    const ics = sent!.email!.attachments![0]!.content.replace(/\r\n /g, '');
    expect(ics).toContain('ORGANIZER;CN="SystemSculpt":mailto:support@systemsculpt.com');
    expect(ics).toContain('Reschedule or cancel: https://systemsculpt.com/dashboard?section=sessions');
  });

  it('says who cancelled and what is refunded, in upper-case currency', () => {
    const [sent] = send('BookingCancelled', { ...confirmed, by: 'host', refund: 'full', refundCents: 4900, sequence: 2 });
    expect(sent!.email!.data).toMatchObject({ refundCents: 4900, currency: 'USD', by: 'host' });
    expect(sent!.email!.attachments![0]!.contentType).toContain('method=CANCEL');
  });
});

describe('a booking without an address', () => {
  it.each(['BookingConfirmed', 'BookingRescheduled', 'BookingCancelled', 'BookingRefusedSlotTaken'])('sends nothing on %s', (type) => {
    const data = {
      ...confirmed,
      details: { ...details, customerEmail: null },
      from: { start: confirmed.start, end: confirmed.end },
      sequence: 1,
      by: 'customer',
      refund: 'none',
      refundCents: 0,
    };
    expect(send(type, data)).toEqual([expect.objectContaining({ email: null })]);
  });
});

const details: SessionDetails = {
  sessionTypeId: 'setup-session-30',
  sessionTitle: '30-minute setup session',
  minutes: 30,
  hostName: 'Mike',
  meetingUrl: null,
  customerEmail: 'ada@example.com',
  customerName: 'Ada',
  customerTimeZone: 'Asia/Tokyo',
  checkoutRef: 'chk_1',
  amountCents: 4900,
  currency: 'usd',
};
const confirmed = {
  hostUserId: 'host_1',
  bookingId: 'h1',
  customerUserId: 'ada',
  start: '2026-12-01T09:00:00.000Z',
  end: '2026-12-01T09:30:00.000Z',
  details,
  paymentIntentId: 'pi_1',
  at: '2026-11-23T10:00:00.000Z',
};

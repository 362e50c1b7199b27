import { emailKind, type EmailProps } from '../../email/email-definition';
import { Facts, Greeting, Paragraph } from '../../email/emails/blocks';
import { EmailLayout } from '../../email/emails/layout';
import { formatDay, formatWhen } from '../../email/emails/when';
import { JoinLine, SAMPLE_SESSION, sessionsLink, type SessionEmailData } from './session-email';

function BookingConfirmation({ data: d, context: c, footer }: EmailProps<SessionEmailData>) {
  const when = formatWhen(d.startsAt, c.timeZone);
  return (
    <EmailLayout
      preview={`${when} with ${d.hostName}. The calendar invite is attached.`}
      heading="Your session is booked"
      action={{ label: 'Manage your booking', href: sessionsLink(c) }}
      footer={footer}
    >
      <Greeting name={d.name} />
      <Facts
        rows={[
          ['Session', d.sessionTitle],
          ['When', when],
          ['Length', `${d.minutes} minutes`],
          ['With', d.hostName],
        ]}
      />
      <JoinLine session={d} />
      <Paragraph>The calendar invite is attached; you can reschedule or cancel from your dashboard.</Paragraph>
    </EmailLayout>
  );
}

export const bookingConfirmation = emailKind<SessionEmailData>({
  topic: 'transactional',
  sample: SAMPLE_SESSION,
  subject: (d, c) => `Booked: ${d.sessionTitle}, ${formatDay(d.startsAt, c.timeZone)}`,
  Email: BookingConfirmation,
});

import { emailKind, type EmailProps } from '../../email/email-definition';
import { Facts, Greeting, Paragraph } from '../../email/emails/blocks';
import { EmailLayout } from '../../email/emails/layout';
import { formatDay, formatWhen } from '../../email/emails/when';
import { JoinLine, SAMPLE_SESSION, sessionsLink, type SessionEmailData } from './session-email';

type Rescheduled = SessionEmailData & { previousStartsAt: string };

function BookingRescheduled({ data: d, context: c, footer }: EmailProps<Rescheduled>) {
  const when = formatWhen(d.startsAt, c.timeZone);
  return (
    <EmailLayout
      preview={`Now ${when} with ${d.hostName}. The updated calendar invite is attached.`}
      heading="Your session has a new time"
      action={{ label: 'Manage your booking', href: sessionsLink(c) }}
      footer={footer}
    >
      <Greeting name={d.name} />
      <Paragraph>
        <strong>{d.sessionTitle}</strong>
        {` with ${d.hostName} has moved.`}
      </Paragraph>
      <Facts
        rows={[
          ['New time', when],
          ['Was', formatWhen(d.previousStartsAt, c.timeZone)],
          ['Length', `${d.minutes} minutes`],
        ]}
      />
      <JoinLine session={d} />
      <Paragraph>The updated calendar invite is attached: opening it moves the event in your calendar.</Paragraph>
    </EmailLayout>
  );
}

export const bookingRescheduled = emailKind<Rescheduled>({
  topic: 'transactional',
  sample: { ...SAMPLE_SESSION, previousStartsAt: '2026-12-01T14:00:00Z', startsAt: '2026-12-03T09:30:00Z' },
  subject: (d, c) => `Moved: ${d.sessionTitle}, now ${formatDay(d.startsAt, c.timeZone)}`,
  Email: BookingRescheduled,
});

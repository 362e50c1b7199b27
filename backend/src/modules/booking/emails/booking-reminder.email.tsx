import { emailKind, type EmailProps } from '../../../platform/email-templates/email-definition';
import { Greeting, Paragraph, TextLink } from '../../../platform/email-templates/blocks';
import { EmailLayout } from '../../../platform/email-templates/layout';
import { formatWhen } from '../../../platform/email-templates/when';
import { JoinLine, SAMPLE_SESSION, sessionsLink, type SessionEmailData } from './session-email';

function BookingReminder({ data: d, context: c, footer }: EmailProps<SessionEmailData>) {
  const when = formatWhen(d.startsAt, c.timeZone);
  // With a meeting link the button joins, so the way to move or cancel is a link of its own.
  const action = d.meetingUrl ? { label: 'Join the session', href: d.meetingUrl } : { label: 'Manage your booking', href: sessionsLink(c) };
  return (
    <EmailLayout preview={`${when} with ${d.hostName}.`} heading="Your session is tomorrow" action={action} footer={footer}>
      <Greeting name={d.name} />
      <Paragraph>
        {'A reminder: '}
        <strong>{d.sessionTitle}</strong>
        {` with ${d.hostName} starts ${when}.`}
      </Paragraph>
      <JoinLine session={d} />
      {d.meetingUrl ? (
        <Paragraph>
          <TextLink href={sessionsLink(c)}>Reschedule or cancel</TextLink>
        </Paragraph>
      ) : null}
    </EmailLayout>
  );
}

export const bookingReminder = emailKind<SessionEmailData>({
  topic: 'session_reminders',
  sample: SAMPLE_SESSION,
  subject: (d) => `Tomorrow: ${d.sessionTitle}`,
  Email: BookingReminder,
});

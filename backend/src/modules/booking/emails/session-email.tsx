import { siteLink, type RenderContext } from '../../email/email-definition';
import { Paragraph, TextLink } from '../../email/emails/blocks';

/** What every booking email shows about the session. */
export interface SessionEmailData {
  name?: string | null;
  sessionTitle: string;
  startsAt: string;
  minutes: number;
  /** Null when the host sends the link themselves. */
  meetingUrl: string | null;
  hostName: string;
}

export const SAMPLE_SESSION: SessionEmailData = {
  name: 'Ada',
  sessionTitle: '1-on-1 Setup Session (60 min)',
  startsAt: '2026-12-01T14:00:00Z',
  minutes: 60,
  meetingUrl: 'https://meet.example.com/sculpt-ada',
  hostName: 'Mike',
};

export const sessionsLink = (context: RenderContext) => siteLink(context, '/dashboard?section=sessions');

/** Where to join: the meeting link, or who sends it. */
export function JoinLine({ session }: { session: SessionEmailData }) {
  return (
    <Paragraph>
      {session.meetingUrl ? (
        <>
          {'Join: '}
          <TextLink href={session.meetingUrl}>{session.meetingUrl}</TextLink>
        </>
      ) : (
        `${session.hostName} will send you the link to join before the session.`
      )}
    </Paragraph>
  );
}

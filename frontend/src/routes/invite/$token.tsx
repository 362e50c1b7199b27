import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { KeyRound, UserX } from 'lucide-react';
import type { SeatInvitation } from '@contracts/licenses/licenses.contract';
import { Button } from '../../components/ui/Button';
import { CallToAction } from '../../components/ui/CallToAction';
import { useAuth } from '../../lib/auth';
import { pageHead } from '../../lib/seo';
import { invitationQuery } from '../../queries/account';

/** Where the invitee lands once signed in with the invited address: their seat. */
const SEAT = '/dashboard?section=license';

export const Route = createFileRoute('/invite/$token')({
  // The invitee, already signed in with the invited address, is sent to their seat by the server.
  loader: ({ context, params }) => context.queryClient.ensureQueryData(invitationQuery(params.token)),
  head: (ctx) => pageHead(ctx, { title: 'Your seat invitation', description: 'Accept a seat on a SystemSculpt AI license.', path: '/invite', noindex: true }),
  component: InvitationPage,
});

function InvitationPage() {
  const { token } = Route.useParams();
  const { data } = useSuspenseQuery(invitationQuery(token));
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6 sm:py-20">
      <div className="rounded-2xl border border-line bg-surface-raised p-6 sm:p-8">
        <Invitation invitation={data} />
      </div>
    </div>
  );
}

function Invitation({ invitation }: { invitation: SeatInvitation }) {
  const auth = useAuth();
  if (invitation.state === 'invalid') {
    return (
      <Message icon={<UserX aria-hidden="true" />} title="This invitation link does not work">
        <p>The link is incomplete or was changed. Open it again from the invitation email, or ask the person who gave you the seat to add you again.</p>
        <CallToAction to="/">Go to the home page</CallToAction>
      </Message>
    );
  }
  if (invitation.state === 'removed') {
    return (
      <Message icon={<UserX aria-hidden="true" />} title="This seat is no longer available">
        <p>
          {invitation.ownerName} no longer shares a seat on their {invitation.planTitle} with this address. If you think this is a mistake, ask them to add you
          again: you will get a new invitation.
        </p>
        <CallToAction to="/obsidian-ai-plugin" variant="secondary">
          See plans
        </CallToAction>
      </Message>
    );
  }
  return (
    <Message icon={<KeyRound aria-hidden="true" />} title={`${invitation.ownerName} gave you a seat`}>
      <p>
        A seat on their <strong className="text-ink">{invitation.planTitle}</strong> is yours, for{' '}
        <strong className="text-ink" data-testid="invited-email">
          {invitation.email}
        </strong>
        : your own license key for the plugin, sharing the plan's credits.
      </p>
      {invitation.viewer === 'someone-else' ? (
        <>
          <p role="status">
            You are signed in as {invitation.viewerEmail ?? 'another account'}. The seat is for {invitation.email}: sign out, then accept it with that address.
          </p>
          <Button variant="secondary" onClick={() => void auth.signOut()}>
            Sign out
          </Button>
        </>
      ) : (
        <>
          <p>
            {invitation.accountExists
              ? 'You already have an account with this address: sign in to open your seat.'
              : 'Create your account with this address (we email you a code to confirm it), and your seat opens.'}
          </p>
          <Button
            size="lg"
            className="w-full whitespace-normal! sm:w-auto"
            onClick={() => auth.openSignIn(SEAT, { email: invitation.email, mode: invitation.accountExists ? 'sign-in' : 'sign-up' })}
          >
            {invitation.accountExists ? 'Sign in and open my seat' : 'Create my account and open my seat'}
          </Button>
        </>
      )}
    </Message>
  );
}

function Message({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-4">
      <div className="flex size-11 items-center justify-center rounded-xl bg-accent-500/15 text-accent-300 [&_svg]:size-6">{icon}</div>
      <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
      <div className="space-y-4 text-ink-muted">{children}</div>
    </div>
  );
}

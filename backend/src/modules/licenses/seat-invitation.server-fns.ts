import { Inject, Injectable, Optional } from '@nestjs/common';
import type { z } from 'zod';
import { getSeatInvitation, type SeatInvitation } from '../../../../contracts/licenses/licenses.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { EventStore } from '../../events/event-store';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { redirectTo } from '../../server-fn/server-redirect';
import { Auth, IDENTITY_STAND_IN, type IdentityStandIn } from '../auth';
import { licenseEvents, licenseStreamId } from './licenses.events';
import { readSeatInvitation } from './seat-invitation-token';

export const SEAT_INVITATION_KEY = Symbol('SEAT_INVITATION_KEY');

/** Where an invitee lands once signed in with the invited address: their seat. */
export const SEAT_PATH = { to: '/dashboard', search: { section: 'license' } } as const;

/**
 * The invitation page: the signed link names a license and an address; the license's own events
 * say whether that seat is still given (and by whom, on which plan). The invitee, signed in, is
 * sent straight to their seat.
 */
@Injectable()
export class SeatInvitationServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly store: EventStore,
    @Inject(SEAT_INVITATION_KEY) private readonly key: Buffer,
    @Optional() @Inject(IDENTITY_STAND_IN) private readonly identity?: IdentityStandIn,
  ) {}

  @ServerFn(getSeatInvitation)
  async getSeatInvitation(input: z.output<typeof getSeatInvitation.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getSeatInvitation>> {
    const invitation = readSeatInvitation(this.key, input.token);
    if (!invitation) return { state: 'invalid' };
    const seat = await this.seat(invitation.licenseId, invitation.email);
    if (!seat) return { state: 'invalid' };
    if (!seat.given) return { state: 'removed', ownerName: seat.ownerName, planTitle: seat.planTitle };
    const user = await this.auth.user(context);
    if (user?.email?.toLowerCase() === invitation.email) throw redirectTo(SEAT_PATH.to, { search: SEAT_PATH.search });
    const accountExists = this.identity ? await this.identity.hasAccount(invitation.email) : null;
    const open: Extract<SeatInvitation, { state: 'open' }> = {
      state: 'open',
      email: invitation.email,
      ownerName: seat.ownerName,
      planTitle: seat.planTitle,
      accountExists,
      viewer: user ? 'someone-else' : 'signed-out',
      viewerEmail: user?.email ?? null,
    };
    return open;
  }

  /** The seat as the license's events tell it: who gave it on which plan, and whether it is still given. */
  private async seat(licenseId: string, email: string): Promise<{ given: boolean; ownerName: string; planTitle: string } | null> {
    const events = await this.store.readStream(licenseStreamId(licenseId), licenseEvents);
    let found: { given: boolean; ownerName: string; planTitle: string } | null = null;
    let ended = false;
    for (const event of events) {
      if (event.type === 'SeatAssigned' && event.data.email === email)
        found = { given: true, ownerName: event.data.ownerName, planTitle: event.data.planTitle };
      if (event.type === 'SeatRemoved' && event.data.email === email && found) found = { ...found, given: false };
      if (event.type === 'LicenseRevoked' || (event.type === 'LicenseTermChanged' && event.data.status === 'ended')) ended = true;
      if (event.type === 'LicenseTermChanged' && event.data.status !== 'ended') ended = false;
    }
    return found && ended ? { ...found, given: false } : found;
  }
}

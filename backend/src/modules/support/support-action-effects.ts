import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { formatDay } from '../../../../contracts/dates';
import { awaitProjection } from '../../events/projection-wait';
import { causedBy, type Cause } from '../../events/metadata-for';
import { EmailSender, emailJobKey } from '../email';
import { AddCreditPack } from '../credits';
import { CancelBooking } from '../booking';
import { GrantFreeAccess, planTitle, RevokeFreeAccess } from '../checkout';
import { ExtendLicense, LICENSE_SEALING_SECRET, openLicenseKey, RevokeLicense } from '../licenses';
import { SupportActionTargets } from './support-action-targets';
import { ActionTargetNotFoundError } from './support-actions.errors';
import type { SupportAction } from './support-actions.events';

/** What a synchronous action did, in a line for the admin who took it. */
export type EffectOutcome = { status: 'done'; outcome: string } | { status: 'pending'; outcome: null };

/**
 * What each support action does once recorded, every event it causes caused by the recorded
 * event (so "why" leads back to the actor and reason). Each step is idempotent by its own stream
 * or key, so a retried submit that finds the action recorded runs it again to the same result.
 */
@Injectable()
export class SupportActionEffects {
  constructor(
    private readonly commands: CommandBus,
    private readonly email: EmailSender,
    private readonly targets: SupportActionTargets,
    private readonly orm: MikroORM,
    @Inject(LICENSE_SEALING_SECRET) private readonly sealingSecret: string,
  ) {}

  async apply(action: SupportAction, cause: Cause): Promise<EffectOutcome> {
    const metadata = causedBy(cause, { kind: 'admin', userId: action.actor.id });
    switch (action.kind) {
      case 'resend_license_email': {
        const license = await this.targets.license(action.userId, action.details.licenseId);
        const to = await this.targets.email(action.userId);
        if (!to) throw new ActionTargetNotFoundError('An email address');
        await this.email.enqueue({
          key: emailJobKey(`support-${action.actionId}`, 'license-key'),
          kind: 'license-key',
          to,
          data: { planTitle: planTitle(license.plan), licenseKey: openLicenseKey(license.keySealed, this.sealingSecret), seats: license.seats },
          cause,
        });
        return { status: 'done', outcome: `License key email sent to ${to}` };
      }
      case 'grant_resource':
        await this.commands.execute(new GrantFreeAccess(action.userId, action.details.resourceId, metadata));
        return { status: 'done', outcome: `Granted ${action.details.resourceId}` };
      case 'revoke_resource':
        await this.commands.execute(new RevokeFreeAccess(action.userId, action.details.resourceId, metadata));
        return { status: 'done', outcome: `Revoked ${action.details.resourceId}` };
      case 'grant_credits': {
        const granted = await this.commands.execute(
          new AddCreditPack(
            action.userId,
            { packId: `support-${action.actionId}`, resourceId: 'support-grant', title: 'Credits from support', credits: action.details.credits },
            action.at,
            metadata,
          ),
        );
        // The account page reads the read models: answer once they show what was done.
        await awaitProjection(this.orm, 'CreditsProjector', granted);
        return { status: 'done', outcome: `Granted ${action.details.credits} credits` };
      }
      case 'extend_license': {
        // Its own source beside the subscription's term: no subscription event can shorten it.
        const extended = await this.commands.execute(new ExtendLicense(action.details.licenseId, action.details.until, action.at, metadata));
        await awaitProjection(this.orm, 'LicensesProjector', extended);
        return { status: 'done', outcome: `License extended to ${formatDay(action.details.until)}` };
      }
      case 'revoke_license': {
        const revoked = await this.commands.execute(new RevokeLicense(action.details.licenseId, 'admin', action.at, metadata));
        await awaitProjection(this.orm, 'LicensesProjector', revoked);
        return { status: 'done', outcome: 'License revoked' };
      }
      case 'cancel_booking': {
        const { bookingId, onBehalfOf } = action.details;
        const booking = await this.targets.booking(action.userId, bookingId);
        // Cancelled already (a retried submit after it went through): nothing is sent again.
        if (booking.status === 'confirmed') {
          const cancelled = await this.commands.execute(
            new CancelBooking(
              onBehalfOf === 'customer'
                ? { hostUserId: booking.hostUserId, bookingId, customerUserId: action.userId, by: 'customer', at: action.at }
                : { hostUserId: booking.hostUserId, bookingId, customerUserId: null, by: 'host', at: action.at },
              metadata,
            ),
          );
          await awaitProjection(this.orm, 'SessionBookingsProjector', cancelled);
        }
        const { refund } = await this.targets.booking(action.userId, bookingId);
        return { status: 'done', outcome: `Booking cancelled ${refund === 'full' ? 'with a full refund' : "without a refund (less than 24 hours' notice)"}` };
      }
      case 'refund':
      case 'cancel_subscription':
        return { status: 'pending', outcome: null };
      default: {
        const unreachable: never = action;
        return unreachable;
      }
    }
  }
}

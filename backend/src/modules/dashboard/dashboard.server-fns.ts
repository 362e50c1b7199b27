import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { abandonPendingPayment, checkDashboardAccess, getDashboardData, openBillingPortal } from '../../../../contracts/dashboard/dashboard.contract';
import type { DashboardSearch } from '../../../../contracts/dashboard/dashboard-search';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { UnavailableError } from '../../platform/common/app-error';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import type { EventMetadata } from '../../events/event-metadata';
import { requestMetadata } from '../../events/metadata-for';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, type SignedInUser } from '../auth';
import { userOrSignIn } from '../auth';
import { AbandonCheckout } from '../checkout';
import { StripeClient } from '../../integrations/stripe/stripe-client';
import { NoBillingAccountError, NotAbandonableError, PendingPaymentNotFoundError } from './dashboard.errors';
import { DashboardQueries } from './dashboard.queries';

const userMetadata = (user: SignedInUser, context: ServerFnContext): EventMetadata =>
  requestMetadata(context.correlationId, { kind: 'user', userId: user.userId });

/** The dashboard: its data, and what the owner can do there with pending payments and billing. */
@Injectable()
export class DashboardServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly queries: DashboardQueries,
    private readonly commands: CommandBus,
    private readonly stripe: StripeClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ServerFn(checkDashboardAccess)
  async checkDashboardAccess(search: DashboardSearch, context: ServerFnContext): Promise<ServerFnOutput<typeof checkDashboardAccess>> {
    await this.signedIn(search, context);
    return { signedIn: true };
  }

  @ServerFn(getDashboardData)
  async getDashboardData(search: DashboardSearch, context: ServerFnContext): Promise<ServerFnOutput<typeof getDashboardData>> {
    return this.queries.forUser(await this.signedIn(search, context));
  }

  @ServerFn(abandonPendingPayment)
  async abandonPendingPayment(
    input: z.output<typeof abandonPendingPayment.input>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof abandonPendingPayment>> {
    const user = await this.auth.requireUser(context);
    const pending = await this.queries.pendingPayment(user.userId, input.pendingPaymentId);
    if (!pending) throw new PendingPaymentNotFoundError();
    if (pending.kind !== 'checkout' || pending.status !== 'open' || !pending.checkout_session_id) {
      throw new NotAbandonableError();
    }
    const session = await this.stripe.api.checkout.sessions.retrieve(pending.checkout_session_id);
    if (session.status === 'open') await this.stripe.api.checkout.sessions.expire(session.id, {}, { idempotencyKey: `expire-${session.id}` });
    const checkoutRef = input.pendingPaymentId.replace(/^pp-/, '');
    await this.commands.execute(new AbandonCheckout(checkoutRef, user.userId, userMetadata(user, context)));
    return { abandoned: true };
  }

  @ServerFn(openBillingPortal)
  async openBillingPortal(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof openBillingPortal>> {
    const user = await this.auth.requireUser(context);
    const customer = await this.queries.customerOf(user.userId);
    if (!customer) throw new NoBillingAccountError();
    try {
      const portal = await this.stripe.api.billingPortal.sessions.create({
        customer,
        return_url: new URL('/dashboard?section=license', this.config.PUBLIC_URL).toString(),
      });
      return { url: portal.url };
    } catch (error) {
      if ((error as { type?: string }).type === 'StripeConnectionError')
        throw new UnavailableError('We cannot reach our payment provider right now; please try again in a minute.');
      throw error;
    }
  }

  private signedIn(search: DashboardSearch, context: ServerFnContext): Promise<SignedInUser> {
    return userOrSignIn(this.auth, context, `/dashboard${search.section ? `?section=${search.section}` : ''}`);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { cancelCheckout, checkCheckoutAccess, getCheckoutData, initiateCheckout } from '../../../../contracts/checkout/checkout.contract';
import { checkoutPagePath } from '../../../../contracts/checkout/checkout-links';
import type { CheckoutSearch } from '../../../../contracts/checkout/checkout-search';
import { abandonPendingPayment, openBillingPortal } from '../../../../contracts/dashboard/dashboard.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { requestMetadata } from '../../events/metadata-for';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, type SignedInUser, signInRedirect, userOrSignIn } from '../auth';
import { AbandonCheckout } from './commands/abandon-checkout.handler';
import { CancelCheckout } from './commands/cancel-checkout.handler';
import { OpenCheckout } from './commands/open-checkout.handler';
import { plainFormAnswer } from './checkout-form';
import { NoBillingAccountError, NotAbandonableError, PendingPaymentNotFoundError } from './checkout.errors';
import { AccountReads, CheckoutPageReads } from './checkout.queries';
import { StripeCheckouts } from './stripe-checkouts';

/**
 * /checkout: signed-in only (others are sent to sign in and brought back), then Stripe; and the
 * dashboard's payment actions (abandoning a checkout, the billing portal), which are checkout's.
 */
@Injectable()
export class CheckoutServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly page: CheckoutPageReads,
    private readonly reads: AccountReads,
    private readonly commands: CommandBus,
    private readonly stripeCheckouts: StripeCheckouts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ServerFn(checkCheckoutAccess)
  async checkCheckoutAccess(search: CheckoutSearch, context: ServerFnContext): Promise<ServerFnOutput<typeof checkCheckoutAccess>> {
    await this.signedIn(search, context);
    return { signedIn: true };
  }

  @ServerFn(getCheckoutData)
  async getCheckoutData(search: CheckoutSearch, context: ServerFnContext): Promise<ServerFnOutput<typeof getCheckoutData>> {
    return this.page.data(await this.signedIn(search, context), search);
  }

  @ServerFn(initiateCheckout)
  async initiateCheckout(input: z.output<typeof initiateCheckout.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof initiateCheckout>> {
    if (!context.plainForm) return this.commands.execute(new OpenCheckout(await this.auth.requireUser(context), input, context.correlationId));
    // A form posted before JavaScript loaded: every answer is a page to go to.
    const user = await this.auth.user(context);
    if (!user) throw signInRedirect(checkoutPagePath({ resourceId: input.resourceId, quantity: input.quantity }));
    return plainFormAnswer(input, () => this.commands.execute(new OpenCheckout(user, input, context.correlationId)));
  }

  @ServerFn(cancelCheckout)
  async cancelCheckout(input: z.output<typeof cancelCheckout.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof cancelCheckout>> {
    const user = await this.auth.requireUser(context);
    return this.commands.execute(
      new CancelCheckout(user.userId, { resourceId: input.resourceId }, requestMetadata(context.correlationId, { kind: 'user', userId: user.userId })),
    );
  }

  /** Closed as abandoned before the answer; the event has its Stripe checkout closed by a job. */
  @ServerFn(abandonPendingPayment)
  async abandonPendingPayment(
    input: z.output<typeof abandonPendingPayment.input>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof abandonPendingPayment>> {
    const user = await this.auth.requireUser(context);
    const pending = await this.reads.pendingPayment(user.userId, input.pendingPaymentId);
    if (!pending) throw new PendingPaymentNotFoundError();
    if (pending.kind !== 'checkout' || pending.status !== 'open' || !pending.checkout_session_id) throw new NotAbandonableError();
    const checkoutRef = input.pendingPaymentId.replace(/^pp-/, '');
    await this.commands.execute(new AbandonCheckout(checkoutRef, user.userId, requestMetadata(context.correlationId, { kind: 'user', userId: user.userId })));
    return { abandoned: true };
  }

  @ServerFn(openBillingPortal)
  async openBillingPortal(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof openBillingPortal>> {
    const user = await this.auth.requireUser(context);
    const customer = await this.reads.stripeCustomerOf(user.userId);
    if (!customer) throw new NoBillingAccountError();
    return { url: await this.stripeCheckouts.openBillingPortal(customer, new URL('/dashboard?section=license', this.config.PUBLIC_URL).toString()) };
  }

  private signedIn(search: CheckoutSearch, context: ServerFnContext): Promise<SignedInUser> {
    const back = new URLSearchParams(
      Object.entries(search)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ).toString();
    return userOrSignIn(this.auth, context, `/checkout${back ? `?${back}` : ''}`);
  }
}

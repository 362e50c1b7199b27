import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { cancelCheckout, checkCheckoutAccess, getCheckoutData, initiateCheckout } from '../../../../contracts/checkout/checkout.contract';
import { checkoutPagePath } from '../../../../contracts/checkout/checkout-links';
import type { CheckoutSearch } from '../../../../contracts/checkout/checkout-search';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, type SignedInUser, signInRedirect, userOrSignIn } from '../auth';
import { CheckoutCancellation } from './commands/checkout-cancel';
import { plainFormAnswer } from './checkout-form';
import { CheckoutService } from './checkout.service';

/** /checkout: signed-in only (others are sent to sign in and brought back), then Stripe. */
@Injectable()
export class CheckoutServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly checkout: CheckoutService,
    private readonly cancellation: CheckoutCancellation,
  ) {}

  @ServerFn(checkCheckoutAccess)
  async checkCheckoutAccess(search: CheckoutSearch, context: ServerFnContext): Promise<ServerFnOutput<typeof checkCheckoutAccess>> {
    await this.signedIn(search, context);
    return { signedIn: true };
  }

  @ServerFn(getCheckoutData)
  async getCheckoutData(search: CheckoutSearch, context: ServerFnContext): Promise<ServerFnOutput<typeof getCheckoutData>> {
    return this.checkout.data(await this.signedIn(search, context), search);
  }

  @ServerFn(initiateCheckout)
  async initiateCheckout(input: z.output<typeof initiateCheckout.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof initiateCheckout>> {
    if (!context.plainForm) return this.checkout.initiate(await this.auth.requireUser(context), input, context.requestId);
    // A form posted before JavaScript loaded: every answer is a page to go to.
    const user = await this.auth.user(context);
    if (!user) throw signInRedirect(checkoutPagePath({ resourceId: input.resourceId, qty: input.quantity }));
    return plainFormAnswer(input, () => this.checkout.initiate(user, input, context.requestId));
  }

  @ServerFn(cancelCheckout)
  async cancelCheckout(input: z.output<typeof cancelCheckout.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof cancelCheckout>> {
    const user = await this.auth.requireUser(context);
    const cancelled = await this.cancellation.cancelOpen(user.userId, input.resourceId, {
      correlationId: context.requestId,
      causationId: null,
      actor: { kind: 'user', userId: user.userId },
    });
    return { cancelled };
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

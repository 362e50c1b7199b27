import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { cancelCheckout, checkCheckoutAccess, getCheckoutData, initiateCheckout } from '../../../../contracts/checkout/checkout.contract';
import { checkoutPagePath } from '../../../../contracts/checkout/checkout-links';
import type { CheckoutSearch } from '../../../../contracts/checkout/checkout-search';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { requestMetadata } from '../../events/metadata-for';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, type SignedInUser, signInRedirect, userOrSignIn } from '../auth';
import { CancelCheckout } from './commands/cancel-checkout.handler';
import { OpenCheckout } from './commands/open-checkout.handler';
import { plainFormAnswer } from './checkout-form';
import { CheckoutPageReads } from './checkout.queries';

/** /checkout: signed-in only (others are sent to sign in and brought back), then Stripe. */
@Injectable()
export class CheckoutServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly page: CheckoutPageReads,
    private readonly commands: CommandBus,
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
      new CancelCheckout(user.userId, input.resourceId, requestMetadata(context.correlationId, { kind: 'user', userId: user.userId })),
    );
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

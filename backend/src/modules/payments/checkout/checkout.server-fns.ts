import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { checkCheckoutAccess, getCheckoutData, initiateCheckout } from '../../../../../contracts/checkout/checkout.contract';
import type { CheckoutSearch } from '../../../../../contracts/checkout/checkout-search';
import type { ServerFnOutput } from '../../../../../contracts/server-fn';
import { ServerFn } from '../../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../../server-fn/server-fn-context';
import { Auth, type SignedInUser } from '../../auth/auth';
import { userOrSignIn } from '../../auth/sign-in-redirect';
import { CheckoutService } from './checkout.service';

/** /checkout: signed-in only (others are sent to sign in and brought back), then Stripe. */
@Injectable()
export class CheckoutServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly checkout: CheckoutService,
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
    const user = await this.auth.requireUser(context);
    return this.checkout.initiate(user, input, context.requestId);
  }

  private signedIn(search: CheckoutSearch, context: ServerFnContext): Promise<SignedInUser> {
    const back = new URLSearchParams(Object.entries(search).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
    return userOrSignIn(this.auth, context, `/checkout${back ? `?${back}` : ''}`);
  }
}

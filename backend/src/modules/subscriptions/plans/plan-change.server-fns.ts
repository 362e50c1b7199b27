import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { checkoutPagePath } from '../../../../../contracts/checkout/checkout-links';
import { changePlan, getPlanChange, getPlanStanding } from '../../../../../contracts/subscriptions/subscriptions.contract';
import type { ServerFnOutput } from '../../../../../contracts/server-fn';
import { AppError } from '../../../platform/common/app-error';
import { ServerFn } from '../../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../../server-fn/server-fn-context';
import { redirectTo } from '../../../server-fn/server-redirect';
import { Auth, signInRedirect } from '../../auth';
import { PlanChanges } from './plan-changes';

/** The plan held (plans page), what buying a plan means next to it (checkout page), and confirming a switch. */
@Injectable()
export class PlanChangeServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly plans: PlanChanges,
  ) {}

  @ServerFn(getPlanChange)
  async getPlanChange(input: z.output<typeof getPlanChange.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof getPlanChange>> {
    return this.plans.view(await this.auth.requireUser(context), input.resourceId, input.quantity);
  }

  /** Signed out answers null like "no plan": the plans page asks for every visitor. */
  @ServerFn(getPlanStanding)
  async getPlanStanding(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getPlanStanding>> {
    const user = await this.auth.user(context);
    return user ? this.plans.standing(user.userId) : null;
  }

  @ServerFn(changePlan)
  async changePlan(input: z.output<typeof changePlan.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof changePlan>> {
    if (!context.plainForm) return { changed: true, ...(await this.plans.change(await this.auth.requireUser(context), input)) };
    // A form posted before JavaScript loaded: every answer is a page to go to.
    const back = { resourceId: input.resourceId, quantity: input.quantity };
    const user = await this.auth.user(context);
    if (!user) throw signInRedirect(checkoutPagePath(back));
    try {
      await this.plans.change(user, input);
    } catch (error) {
      if (error instanceof AppError) throw redirectTo(checkoutPagePath(back, { status: 'error', reason: error.code }), { statusCode: 303 });
      throw error;
    }
    throw redirectTo('/dashboard', { search: { section: 'overview' }, statusCode: 303 });
  }
}

import { ModuleError } from '../../platform/common/module-error';

// Plan refusals keep the checkout.* codes they have had on the wire since plans were only bought at checkout.
export class PlanNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor() {
    super('There is no such plan.');
  }
}

/** One plan per account: buying or switching a plan was refused next to the plan held. */
export abstract class PlanChangeRefusedError extends ModuleError {}

/** The plan held is switched on its subscription, not by a second checkout. */
export class PlanChangeIsASwitchError extends PlanChangeRefusedError {
  static readonly code = 'checkout.plan_change_is_a_switch';
  static readonly status = 409;
  constructor(heldTitle: string) {
    super(`You already have ${heldTitle}: the change is made on your subscription, not by a second checkout. Confirm it on the checkout page.`);
  }
}

export class NotASwitchError extends PlanChangeRefusedError {
  static readonly code = 'checkout.plan_change_not_a_switch';
  static readonly status = 409;
  constructor() {
    super('There is no plan of yours to switch: buy this one through checkout.');
  }
}

export class PlanPreviewStaleError extends PlanChangeRefusedError {
  static readonly code = 'checkout.plan_preview_stale';
  static readonly status = 409;
  constructor() {
    super('These amounts are out of date: reload the page to see the current ones before confirming.');
  }
}

/** The wording is plan-messages.ts's, which says which plan is held. */
export class PlanAlreadyActiveError extends PlanChangeRefusedError {
  static readonly code = 'checkout.plan_already_active';
  static readonly status = 409;
}

export class LifetimeIncludesPlanError extends PlanChangeRefusedError {
  static readonly code = 'checkout.lifetime_includes_plan';
  static readonly status = 409;
}

export class PlanChangeOverdueError extends PlanChangeRefusedError {
  static readonly code = 'checkout.plan_change_overdue';
  static readonly status = 409;
}

export class CardDeclinedError extends PlanChangeRefusedError {
  static readonly code = 'checkout.card_declined';
  static readonly status = 402;
  constructor() {
    super('Your card was declined, so your plan did not change. Update your card in billing, then try again.');
  }
}

import { ModuleError } from '../../platform/common/module-error';

export class CheckoutResourceNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor() {
    super('There is no such resource.');
  }
}

/** A session is paid for with its booked time, on the sessions page. */
export class BookATimeError extends ModuleError {
  static readonly code = 'checkout.book_a_time';
  static readonly status = 409;
  constructor(title: string) {
    super(`${title} is booked for a time: choose one on the sessions page, then pay.`);
  }
}

export class IncludedWithSubscriptionError extends ModuleError {
  static readonly code = 'checkout.included_with_subscription';
  static readonly status = 409;
  constructor(title: string) {
    super(`${title} comes with every subscription: subscribe to a plan to get it.`);
  }
}

export class AlreadyOwnedError extends ModuleError {
  static readonly code = 'checkout.already_owned';
  static readonly status = 409;
  constructor(title: string) {
    super(`${title} is already on your account.`);
  }
}

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

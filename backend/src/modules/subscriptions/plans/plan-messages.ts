import { formatMoney } from '../../../../../contracts/catalog/number-format';
import { formatDay as day } from '../../../../../contracts/dates';
import type { HeldPlan, WantedPlan } from './plan-change';
const seats = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/** What the checkout page says about a plan change, and the refusals' messages (the same words). */
export const planMessages = {
  sameLifetime: () =>
    'Your Lifetime license is already active: it includes every Pro feature for life, so there is nothing more to buy. For more seats, write to us from the contact page.',
  sameMonthly: (held: HeldPlan) =>
    held.cancelAt
      ? `Your ${held.title} plan is active until ${day(held.cancelAt)} and set to end then. To keep it, resume it from Manage billing in your dashboard's License section.`
      : `Your ${held.title} plan is already active with ${seats(held.quantity)}. To change the number of seats, choose another number.`,
  lifetimeHeld: (wanted: WantedPlan) =>
    `Your Lifetime license already includes every Pro feature, with its credits each month for life: the ${wanted.title} plan would add nothing, so it cannot be bought.`,
  overdue: (held: HeldPlan) =>
    `The last renewal of your ${held.title} plan is unpaid: pay it from Pending payments in your dashboard first, then change plans.`,
  switch: (
    direction: 'upgrade' | 'downgrade' | 'seats',
    held: HeldPlan,
    wanted: WantedPlan,
    next: { cents: number; currency: string; renewsAt: string; creditCents: number; dueCents?: number; newPeriod?: boolean; trialEndsAt?: string | null },
  ) => {
    const money = (cents: number) => formatMoney(cents, next.currency.toUpperCase());
    const monthly = `${money(next.cents)} a ${wanted.yearly ? 'year' : 'month'} from ${day(next.renewsAt)}`;
    const now = next.trialEndsAt
      ? `Nothing is charged now: your free trial continues until ${day(next.trialEndsAt)}`
      : next.newPeriod && next.creditCents === 0
        ? `Your new billing period starts today: you pay ${money(next.dueCents ?? 0)} now (the ${wanted.yearly ? 'year' : 'month'}'s price less the unused part of this period), charged to the card on file`
        : next.creditCents > 0
          ? `The unused part of this period is kept as a credit of ${formatMoney(next.creditCents, next.currency.toUpperCase())} on your account, used by your next invoices`
          : 'You pay the difference for the rest of this period now, charged to the card on file';
    const resumed = held.cancelAt ? ` It was set to end on ${day(held.cancelAt)}: the change keeps it running.` : '';
    if (direction === 'seats')
      return `Your ${held.title} plan changes from ${seats(held.quantity)} to ${seats(wanted.quantity)} at once, on the same subscription. ${now}; then ${monthly}.${resumed}`;
    const verb = direction === 'upgrade' ? 'upgrade' : 'move';
    return `You ${verb} from the ${held.title} plan to the ${wanted.title} plan at once, on the same subscription: no second plan. ${now}; then ${monthly}. Your key stays the same.${resumed}`;
  },
  toLifetime: (held: HeldPlan) =>
    `Your ${held.title} subscription stays active until ${day(held.currentPeriodEnd!)} and is not renewed; no refund is made for the rest of that period. Your Lifetime license starts as soon as your payment succeeds, and from then on it governs your credits.`,
};

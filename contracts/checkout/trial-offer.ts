/**
 * The trial first-time customers get: Pro monthly free for 7 days, card required (Stripe's
 * `subscription_data.trial_period_days`), charged at the regular price when it ends.
 */
export const TRIAL_OFFER = { resourceId: 'pro-monthly', days: 7 } as const;

const DAY_MS = 86_400_000;

/** Whether a checkout of this resource and quantity is the one a trial is offered on. */
export const offersTrial = (resourceId: string, quantity: number): boolean => resourceId === TRIAL_OFFER.resourceId && quantity === 1;

/** The day a trial started now is first charged (the trial's end). */
export const trialFirstChargeAt = (now: Date): Date => new Date(now.getTime() + TRIAL_OFFER.days * DAY_MS);

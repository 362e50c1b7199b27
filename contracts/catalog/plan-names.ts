/** Plans by their id as the license records them, named as the products they are. */
const PLAN_NAMES: Record<string, string> = { starter: 'Starter plan', pro: 'Pro plan', lifetime: 'Lifetime license' };

/** "Pro plan", "Lifetime license": a plan id as words, never the bare id (an unknown one as "<Id> plan"). */
export function planName(plan: string): string {
  if (Object.hasOwn(PLAN_NAMES, plan)) return PLAN_NAMES[plan]!;
  return `${plan.charAt(0).toUpperCase()}${plan.slice(1)} plan`;
}

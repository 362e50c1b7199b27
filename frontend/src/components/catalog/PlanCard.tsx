import { useId, useState } from 'react';
import { CheckCircle2, Coins, MonitorSmartphone, Sparkles, Users } from 'lucide-react';
import { readBooleanMetadata } from '@contracts/catalog/resource-rules';
import type { Resource } from '@contracts/catalog/resource';
import type { PlanStanding } from '@contracts/subscriptions/subscriptions.contract';
import { cx } from '../ui/cx';
import { annualTerms } from './annual-terms';
import { BillingChoice, type Billing } from './BillingChoice';
import { FeatureList } from './FeatureList';
import { PlanActionArea } from './PlanActionArea';
import { planAction } from './plan-action';
import { PriceTag } from './PriceTag';
import { formatCount, plural, resourceNumbers } from './resource-facts';

/**
 * One plan: name, price, the numbers it comes with, its features and what it offers the visitor
 * (see plan-action). An annual plan also says its monthly equivalent and the months it gives free
 * against `monthlyCents`, its monthly twin's price.
 */
export function PlanCard({
  plan,
  held = null,
  headingLevel: Heading = 'h3',
  monthlyCents,
}: {
  plan: Resource;
  held?: PlanStanding | null;
  headingLevel?: 'h2' | 'h3';
  monthlyCents?: number;
}) {
  const titleId = useId();
  const action = planAction(plan, held);
  const yours = action.kind === 'yours';
  // The visitor's own plan stands out, not the one we recommend to newcomers.
  const featured = held ? yours : readBooleanMetadata(plan.metadata.featured);
  const numbers = resourceNumbers(plan);
  const shortDescription = typeof plan.metadata.shortDescription === 'string' ? plan.metadata.shortDescription : undefined;
  const heroDescription = plan.metadata.heroDescription ?? plan.description;

  const highlights = [
    numbers.includedCreditsPerMonth !== undefined && {
      icon: Coins,
      text: `${formatCount(numbers.includedCreditsPerMonth)} credits each month`,
    },
    numbers.seats !== undefined && { icon: Users, text: plural(numbers.seats, 'seat', 'seats') },
    numbers.devicesPerSeat !== undefined && {
      icon: MonitorSmartphone,
      text: `Up to ${plural(numbers.devicesPerSeat, 'device', 'devices')} per seat`,
    },
  ].filter((item): item is { icon: typeof Coins; text: string } => Boolean(item));

  return (
    <article
      aria-labelledby={titleId}
      data-plan={plan.id}
      className={cx(
        'relative flex h-full flex-col rounded-2xl border p-6 sm:p-7',
        featured
          ? 'border-accent-400/60 bg-gradient-to-b from-accent-600/20 via-surface-raised to-surface-raised shadow-glow'
          : 'border-line bg-surface-raised/70',
      )}
    >
      {featured ? (
        <p className="absolute -top-3 left-6 inline-flex items-center gap-1.5 rounded-full border border-accent-300/50 bg-accent-600 px-3 py-1 text-xs font-semibold text-white shadow-glow">
          {yours ? <CheckCircle2 aria-hidden="true" className="size-3.5" /> : <Sparkles aria-hidden="true" className="size-3.5" />}
          {action.kind === 'yours' ? action.label : 'Recommended'}
        </p>
      ) : null}

      <div>
        <Heading id={titleId} className="text-lg font-semibold text-ink">
          {plan.title}
        </Heading>
        {shortDescription ? <p className="mt-1 text-sm text-ink-subtle">{shortDescription}</p> : null}
      </div>

      <PriceTag resource={plan} size="lg" className="mt-6" />
      {monthlyCents && typeof plan.priceCents === 'number' ? <AnnualNote annualCents={plan.priceCents} monthlyCents={monthlyCents} /> : null}
      <p className="mt-3 min-h-[2.75rem] text-sm leading-relaxed text-ink-muted">{heroDescription}</p>

      <PlanActionArea action={action} featured={featured} />

      {highlights.length > 0 ? (
        <ul className="mt-6 space-y-2.5 rounded-xl border border-line bg-surface/60 p-4 text-sm">
          {highlights.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2.5 text-ink">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-accent-300" />
              {text}
            </li>
          ))}
        </ul>
      ) : null}

      <FeatureList features={plan.metadata.features} className="mt-6" dense />
    </article>
  );
}

function AnnualNote({ annualCents, monthlyCents }: { annualCents: number; monthlyCents: number }) {
  const { perMonth, monthsFree } = annualTerms(annualCents, monthlyCents);
  return (
    <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted" data-testid="annual-note">
      <span>{perMonth} a month, billed yearly</span>
      {monthsFree > 0 ? (
        <span className="rounded-full bg-accent-500/15 px-2 py-0.5 text-xs font-semibold text-accent-200">{`${monthsFree} months free`}</span>
      ) : null}
    </p>
  );
}

export interface PricingPlans {
  starterMonthly: Resource;
  proMonthly: Resource;
  lifetimeLicense: Resource;
  starterAnnual?: Resource | null;
  proAnnual?: Resource | null;
}

/**
 * Starter, Pro and Lifetime side by side (stacked on a phone), with Starter and Pro billed monthly
 * or yearly as the visitor chooses (an annual plan's holder sees the annual prices first).
 */
export function PlanGrid({ pricing, held, headingLevel }: { pricing: PricingPlans; held?: PlanStanding | null; headingLevel?: 'h2' | 'h3' }) {
  const { starterAnnual, proAnnual } = pricing;
  const holdsAnnual = Boolean(held && (held.resourceId === starterAnnual?.id || held.resourceId === proAnnual?.id));
  const [billing, setBilling] = useState<Billing>(holdsAnnual ? 'annual' : 'monthly');
  const annual = billing === 'annual' && starterAnnual && proAnnual ? { starter: starterAnnual, pro: proAnnual } : null;
  const plans: Array<{ plan: Resource; monthlyCents?: number }> = annual
    ? [
        { plan: annual.starter, monthlyCents: pricing.starterMonthly.priceCents ?? undefined },
        { plan: annual.pro, monthlyCents: pricing.proMonthly.priceCents ?? undefined },
        { plan: pricing.lifetimeLicense },
      ]
    : [{ plan: pricing.starterMonthly }, { plan: pricing.proMonthly }, { plan: pricing.lifetimeLicense }];
  return (
    <>
      {starterAnnual && proAnnual ? <BillingChoice value={billing} onChange={setBilling} className="mb-8" /> : null}
      <ul className="grid gap-6 pt-3 md:grid-cols-3 md:gap-5 lg:gap-6">
        {plans.map(({ plan, monthlyCents }) => (
          <li key={plan.id} className="min-w-0">
            <PlanCard plan={plan} held={held} headingLevel={headingLevel} monthlyCents={monthlyCents} />
          </li>
        ))}
      </ul>
    </>
  );
}

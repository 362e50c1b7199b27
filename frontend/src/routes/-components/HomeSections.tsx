import type { ReactElement } from 'react';
import { Link, useLoaderData } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { ArrowRight, BookOpen, Sparkles } from 'lucide-react';
import { siteInfoQuery } from '../../queries/site';
import { pricingQuery } from '../../queries/catalog';
import { planStandingQuery } from '../../queries/plan-change';
import { PlanGrid } from '../../components/catalog/PlanCard';
import { FeatureGrid } from '../../components/catalog/PluginFeatures';
import { RatingSummary } from '../../components/catalog/RatingSummary';
import { SectionHeading } from '../../components/catalog/SectionHeading';
import { CallToAction } from '../../components/ui/CallToAction';
import { LogoMark } from '../../components/shell/Logo';
import { ChatPreview } from '../../components/home/ChatPreview';
import { OpenSource } from '../../components/home/OpenSource';
import { HeroBackdrop } from '../../components/ui/HeroBackdrop';
import { CheckList } from '../../components/ui/CheckList';

const PRICING_HREF = '/obsidian-ai-plugin';
const DOCS_HREF = '/obsidian-ai-plugin-docs';

/** The home page's sections: markup and links only (see the route's static island). */
export function HomeSections(): ReactElement {
  const { data: info } = useSuspenseQuery(siteInfoQuery());
  return (
    <>
      <Hero minimumObsidianVersion={info.minimumObsidianVersion} />
      <Features />
      <HowItWorks minimumObsidianVersion={info.minimumObsidianVersion} />
      <Plans />
      <OpenSource />
      <FinalCta />
    </>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function Hero({ minimumObsidianVersion }: { minimumObsidianVersion: string }) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <HeroBackdrop />

      <div className="mx-auto max-w-6xl px-4 pt-16 pb-24 sm:px-6 sm:pt-24 sm:pb-28 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <p className="inline-flex items-center gap-2 rounded-full border border-accent-400/30 bg-accent-500/10 px-3 py-1 text-xs font-medium text-accent-200 sm:text-sm">
            <Sparkles aria-hidden="true" className="size-3.5 text-accent-300" />
            Since 6.0: no API keys to manage
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl leading-[1.08] font-semibold tracking-tight text-ink sm:text-6xl">
            The AI workspace that lives <span className="text-gradient">inside Obsidian</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-ink-muted sm:text-lg">
            Chat with your notes, hand the busywork to an agent that asks before it edits, turn recordings into Markdown and rediscover related ideas by
            meaning. SystemSculpt AI is fully managed: sign in and it works.
          </p>
          <PlansAndDocsActions />
          <CheckList className="mt-8" items={['Desktop and mobile', `Obsidian ${minimumObsidianVersion}+`, 'Open source (MIT)']} />
          <RatingSummary className="mt-5" />
        </div>

        <ChatPreview />
      </div>
    </section>
  );
}

function Features() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
      <SectionHeading
        eyebrow="Features"
        id="features-title"
        title="Everything you reach for, without leaving your vault"
        lead="One plugin covers conversation, automation, audio and search, and it works on the notes you already have."
      />
      <FeatureGrid />
    </section>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function HowItWorks({ minimumObsidianVersion }: { minimumObsidianVersion: string }) {
  const steps = [
    {
      title: 'Install the plugin',
      body: `Add SystemSculpt AI to Obsidian ${minimumObsidianVersion} or newer. It runs on desktop and mobile alike.`,
    },
    {
      title: 'Pick a plan and sign in',
      body: 'Choose the plan that fits and connect your account. The models are managed for you, so there are no provider keys to create or paste.',
    },
    {
      title: 'Work from your notes',
      body: 'Open the chat beside any note, record a meeting, or ask the agent to tidy a folder, approving each change or granting full access.',
    },
  ];
  return (
    <section aria-labelledby="how-title" className="border-y border-line bg-surface-sunken/60">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
        <SectionHeading
          eyebrow="How it works"
          id="how-title"
          title="Up and running in minutes"
          lead="No accounts with model providers, no keys in your settings, no separate app to switch to."
        />
        <ol className="mt-14 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-line bg-surface p-6">
              <span
                aria-hidden="true"
                className="inline-flex size-9 items-center justify-center rounded-full bg-accent-600 font-mono text-sm font-semibold text-white shadow-glow"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-base font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-ink-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/* ------------------------------------------------------------------------------------------------ */

function Plans() {
  const { plansLoaded } = useLoaderData({ from: '/' });
  return (
    <section aria-labelledby="plans-title" className="mx-auto max-w-6xl px-4 pt-20 sm:px-6 sm:pt-24 lg:px-8">
      <SectionHeading
        eyebrow="Plans"
        id="plans-title"
        title="Simple plans, managed AI included"
        lead="Every plan comes with a monthly allowance of credits for the managed models. Pay monthly, or once for life."
      />
      <div className="mt-14">
        {plansLoaded ? (
          <LoadedPlans />
        ) : (
          <p className="rounded-2xl border border-line bg-surface-raised/60 px-6 py-10 text-center text-sm text-ink-muted">
            The plans could not be loaded just now.{' '}
            <Link to="/obsidian-ai-plugin" className="font-medium text-accent-300 underline-offset-4 hover:underline">
              See plans and pricing
            </Link>
          </p>
        )}
      </div>
      <p className="mt-8 text-center text-sm text-ink-muted">
        Need more credits, or want the details?{' '}
        <Link
          to="/obsidian-ai-plugin"
          hash="credit-packs"
          className="inline-flex items-center gap-1 font-medium text-accent-300 underline-offset-4 hover:underline"
        >
          Compare plans and credit packs
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      </p>
    </section>
  );
}

function LoadedPlans() {
  const { data: pricing } = useSuspenseQuery(pricingQuery());
  const { data: held = null } = useQuery(planStandingQuery());
  return <PlanGrid pricing={pricing} held={held} />;
}

/* ------------------------------------------------------------------------------------------------ */

function FinalCta() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pt-20 sm:px-6 sm:pt-24 lg:px-8">
      <div className="relative isolate overflow-hidden rounded-3xl border border-accent-400/30 bg-gradient-to-b from-accent-700/30 via-surface-raised to-surface-raised px-6 py-14 text-center sm:px-12 sm:py-20">
        <div aria-hidden="true" className="bg-hero-glow pointer-events-none absolute inset-0 -z-10" />
        <LogoMark className="mx-auto size-12 drop-shadow-[0_0_24px_rgb(139_92_246/0.6)]" />
        <h2 id="cta-title" className="mx-auto mt-6 max-w-2xl text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
          Give your vault an assistant that knows your notes
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-base leading-relaxed text-ink-muted sm:text-lg">
          See what each plan includes, or read the docs to learn how everything works before you decide.
        </p>
        <PlansAndDocsActions />
      </div>
    </section>
  );
}

/** The two calls to action the page opens and closes with. */
function PlansAndDocsActions() {
  return (
    <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
      <CallToAction to={PRICING_HREF} size="lg">
        See plans &amp; pricing
        <ArrowRight aria-hidden="true" />
      </CallToAction>
      <CallToAction to={DOCS_HREF} variant="secondary" size="lg">
        <BookOpen aria-hidden="true" />
        Read the docs
      </CallToAction>
    </div>
  );
}

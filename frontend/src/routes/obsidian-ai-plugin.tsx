import type { ReactNode } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { ArrowRight, BookOpen, ChevronDown, Coins } from 'lucide-react';
import { CreditPackCard } from '../components/catalog/CreditPackCard';
import { PlanGrid } from '../components/catalog/PlanCard';
import { FeatureGrid } from '../components/catalog/PluginFeatures';
import { RatingSummary } from '../components/catalog/RatingSummary';
import { SectionHeading } from '../components/catalog/SectionHeading';
import { CallToAction } from '../components/ui/CallToAction';
import { LogoMark } from '../components/shell/Logo';
import { pageHead, publicOrigin, softwareApplicationJsonLd } from '../lib/seo';
import { pricingQuery } from '../queries/catalog';
import { planStandingQuery } from '../queries/plan-change';
import { SaleBanner } from '../components/catalog/SaleBanner';
import { siteInfoQuery } from '../queries/site';
import { HeroBackdrop } from '../components/ui/HeroBackdrop';
import { CheckList } from '../components/ui/CheckList';

const DESCRIPTION =
  'SystemSculpt AI plans and pricing: Starter and Pro monthly plans or a lifetime license, each with included AI credits, plus add-on credit packs. Managed AI for Obsidian.';

const DOCS_HREF = '/obsidian-ai-plugin-docs';
const REFUND_HREF = '/refund-policy';

export const Route = createFileRoute('/obsidian-ai-plugin')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(pricingQuery()),
      // Not knowing the visitor's plan never fails the page: the cards then read as for a newcomer.
      context.queryClient.ensureQueryData(planStandingQuery()).catch(() => null),
      // Nor does not knowing the sales: the page then shows list prices, and checkout still applies them.
      import('../queries/sales').then(({ runningSalesQuery }) => context.queryClient.ensureQueryData(runningSalesQuery())).catch(() => null),
    ]),
  head: (ctx) =>
    pageHead(ctx, {
      title: 'Obsidian AI plugin: features and pricing',
      description: DESCRIPTION,
      path: '/obsidian-ai-plugin',
      jsonLd: [softwareApplicationJsonLd(publicOrigin(ctx))],
    }),
  component: PluginPage,
});

function PluginPage() {
  const { data: pricing } = useSuspenseQuery(pricingQuery());
  const { data: info } = useSuspenseQuery(siteInfoQuery());
  const { data: held = null } = useQuery(planStandingQuery());
  return (
    <>
      <Hero minimumObsidianVersion={info.minimumObsidianVersion} />

      <section aria-labelledby="plans-title" id="plans" className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        <SaleBanner titles={titlesOf(pricing)} />
        <PlanGrid pricing={pricing} held={held} />
        <p className="mt-8 text-center text-sm text-ink-subtle">
          Prices in US dollars, plus VAT/GST where applicable. Monthly plans are billed each month and annual plans once a year (two months free); the lifetime
          license is one payment.{' '}
          <Link to={REFUND_HREF as '/'} className="font-medium text-accent-300 underline-offset-4 hover:underline">
            Refund policy
          </Link>
        </p>
      </section>

      <section aria-labelledby="credit-packs-title" id="credit-packs" className="mx-auto max-w-6xl px-4 pt-20 sm:px-6 sm:pt-24 lg:px-8">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,22rem)_1fr] lg:gap-12">
          <div>
            <span className="inline-flex size-11 items-center justify-center rounded-xl border border-accent-400/25 bg-accent-500/10 text-accent-300">
              <Coins aria-hidden="true" className="size-5" />
            </span>
            <h2 id="credit-packs-title" className="mt-5 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
              Credit packs
            </h2>
            <p className="mt-3 text-base leading-relaxed text-ink-muted">
              Every plan includes credits each month. If you use more, add a pack: add-on credits never expire and are only used once your included monthly
              credits run out.
            </p>
          </div>
          <ul className="grid gap-5 sm:grid-cols-2">
            {pricing.creditPacks.map((pack) => (
              <li key={pack.id} className="min-w-0">
                <CreditPackCard pack={pack} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 pt-20 sm:px-6 sm:pt-24 lg:px-8">
        <SectionHeading
          eyebrow="Features"
          id="features-title"
          title="What every plan lets you do"
          lead="Conversation, automation, audio and search, on the notes you already have."
        />
        <FeatureGrid />
      </section>

      <Faq minimumObsidianVersion={info.minimumObsidianVersion} />
      <ClosingCta />
    </>
  );
}

/** Every product the page sells, by id: what a sale names. */
function titlesOf(pricing: Record<string, unknown>): Map<string, string> {
  const resources = Object.values(pricing).flatMap((value) => (Array.isArray(value) ? value : [value]));
  return new Map(
    resources.filter((r): r is { id: string; title: string } => typeof r === 'object' && r !== null && 'id' in r && 'title' in r).map((r) => [r.id, r.title]),
  );
}

function Hero({ minimumObsidianVersion }: { minimumObsidianVersion: string }) {
  return (
    <section aria-labelledby="plugin-title" className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="mx-auto max-w-3xl px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-16">
        <p className="text-sm font-semibold tracking-wide text-accent-300">Obsidian AI plugin</p>
        <h1 id="plugin-title" className="mt-4 text-4xl leading-[1.08] font-semibold tracking-tight text-ink sm:text-6xl">
          Plans for every <span className="text-gradient">kind of vault</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-ink-muted sm:text-lg">
          SystemSculpt AI brings managed AI chat, agent tools, transcription and semantic search into Obsidian. Pick a monthly plan, or pay once and keep it.
        </p>
        <RatingSummary className="mt-6" />
        <CheckList className="mt-6" items={['No API keys needed', 'Desktop and mobile', `Obsidian ${minimumObsidianVersion}+`]} />
      </div>
    </section>
  );
}

interface Question {
  question: string;
  answer: ReactNode;
}

function InlineLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to as '/'} className="font-medium text-accent-300 underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

function Faq({ minimumObsidianVersion }: { minimumObsidianVersion: string }) {
  const questions: Question[] = [
    {
      question: 'Do I need my own API keys?',
      answer:
        'No. Since version 6.0 the AI is fully managed: sign in with your SystemSculpt account and the plugin is ready, with no provider accounts or keys to set up.',
    },
    {
      question: 'What are credits?',
      answer: (
        <>
          Credits are what the managed AI features draw on. Each plan includes an allowance every month; if you need more,{' '}
          <a href="#credit-packs" className="font-medium text-accent-300 underline-offset-4 hover:underline">
            credit packs
          </a>{' '}
          add credits that never expire and are used after your included credits run out.
        </>
      ),
    },
    {
      question: 'Which devices and Obsidian versions are supported?',
      answer: `SystemSculpt AI works in Obsidian ${minimumObsidianVersion} or newer, on desktop and on mobile. Each plan says how many devices it covers.`,
    },
    {
      question: 'How do I install and set it up?',
      answer: (
        <>
          The <InlineLink to={DOCS_HREF}>documentation</InlineLink> walks through installing the plugin, signing in and every feature, step by step.
        </>
      ),
    },
    {
      question: 'Can I get a refund?',
      answer: (
        <>
          Our <InlineLink to={REFUND_HREF}>refund policy</InlineLink> explains when and how you can ask for one.
        </>
      ),
    },
  ];
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 pt-20 sm:px-6 sm:pt-24">
      <SectionHeading eyebrow="Questions" id="faq-title" title="Before you decide" />
      <div className="mt-10 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-raised/60">
        {questions.map(({ question, answer }) => (
          <details key={question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium text-ink transition-colors hover:bg-white/[0.02] sm:px-6 [&::-webkit-details-marker]:hidden">
              <h3 className="text-base font-medium">{question}</h3>
              <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-subtle transition-transform group-open:rotate-180" />
            </summary>
            <p className="px-5 pb-5 text-sm leading-relaxed text-ink-muted sm:px-6">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pt-20 sm:px-6 sm:pt-24 lg:px-8">
      <div className="relative isolate overflow-hidden rounded-3xl border border-accent-400/30 bg-gradient-to-b from-accent-700/30 via-surface-raised to-surface-raised px-6 py-12 text-center sm:px-12 sm:py-16">
        <div aria-hidden="true" className="bg-hero-glow pointer-events-none absolute inset-0 -z-10" />
        <LogoMark className="mx-auto size-11 drop-shadow-[0_0_24px_rgb(139_92_246/0.6)]" />
        <h2 id="cta-title" className="mx-auto mt-6 max-w-2xl text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
          Templates, courses and more for your vault
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-base leading-relaxed text-ink-muted">
          Browse bundles, templates, courses, ebooks and 1‑on‑1 sessions made for SystemSculpt AI.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <CallToAction to="/resources" size="lg">
            Browse resources
            <ArrowRight aria-hidden="true" />
          </CallToAction>
          <CallToAction to={DOCS_HREF} variant="secondary" size="lg">
            <BookOpen aria-hidden="true" />
            Read the docs
          </CallToAction>
        </div>
      </div>
    </section>
  );
}

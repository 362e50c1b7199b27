import type { ReactNode } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import {
  ArrowRight,
  ArrowUpRight,
  AtSign,
  BookOpen,
  Check,
  FileText,
  Mic,
  Paperclip,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import { siteInfoQuery } from '../queries/site';
import { pricingQuery } from '../queries/catalog';
import { SITE_NAME, SOCIAL_LINKS } from '../lib/site';
import { pageHead, publicOrigin, softwareApplicationJsonLd } from '../lib/seo';
import { PlanGrid } from '../components/catalog/PlanCard';
import { FeatureGrid } from '../components/catalog/PluginFeatures';
import { RatingSummary } from '../components/catalog/RatingSummary';
import { SectionHeading } from '../components/catalog/SectionHeading';
import { ButtonLink, buttonClasses } from '../components/ui/Button';
import { GitHubIcon, DiscordIcon } from '../components/shell/SocialIcons';
import { LogoMark } from '../components/shell/Logo';

const DESCRIPTION =
  'Chat with your notes, let an agent edit your vault with your approval, transcribe audio to Markdown and find related notes by meaning. Managed AI for Obsidian on desktop and mobile, with no API keys to set up.';

export const Route = createFileRoute('/')({
  // The plans are one section of the home page: if pricing cannot load, the rest still renders.
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(pricingQuery()).catch(() => undefined);
  },
  head: (ctx) =>
    pageHead(ctx, {
      title: SITE_NAME,
      description: DESCRIPTION,
      path: '/',
      jsonLd: [softwareApplicationJsonLd(publicOrigin(ctx))],
    }),
  component: HomePage,
});

const PRICING_HREF = '/obsidian-ai-plugin';
const DOCS_HREF = '/obsidian-ai-plugin-docs';

function HomePage() {
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
      <div aria-hidden="true" className="bg-hero-glow pointer-events-none absolute inset-0 -z-10" />
      <div aria-hidden="true" className="bg-grid pointer-events-none absolute inset-0 -z-10" />

      <div className="mx-auto max-w-6xl px-4 pt-16 pb-24 sm:px-6 sm:pt-24 sm:pb-28 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <p className="inline-flex items-center gap-2 rounded-full border border-accent-400/30 bg-accent-500/10 px-3 py-1 text-xs font-medium text-accent-200 sm:text-sm">
            <Sparkles aria-hidden="true" className="size-3.5 text-accent-300" />
            Since 6.0: no API keys to manage
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.08] font-semibold tracking-tight text-ink sm:text-6xl"
          >
            The AI workspace that lives <span className="text-gradient">inside Obsidian</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-ink-muted sm:text-lg">
            Chat with your notes, hand the busywork to an agent that asks before it edits, turn recordings into
            Markdown and rediscover related ideas by meaning. SystemSculpt AI is fully managed: sign in and it
            works.
          </p>
          <PlansAndDocsActions />
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-ink-subtle">
            {['Desktop and mobile', `Obsidian ${minimumObsidianVersion}+`, 'Open source (MIT)'].map((item) => (
              <li key={item} className="inline-flex items-center gap-1.5">
                <Check aria-hidden="true" className="size-4 text-accent-300" />
                {item}
              </li>
            ))}
          </ul>
          <RatingSummary className="mt-5" />
        </div>

        <ChatPreview />
      </div>
    </section>
  );
}

/** A drawn (not screenshotted) impression of the chat workspace. One image to assistive tech. */
function ChatPreview() {
  return (
    <div
      role="img"
      aria-label="Illustration of the SystemSculpt AI chat in Obsidian: the assistant reads a meeting note and asks for approval before adding action items to a project note."
      className="relative mx-auto mt-16 max-w-4xl"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-6 top-12 bottom-6 -z-10 rounded-[2rem] bg-accent-600/25 blur-3xl"
      />
      <div className="overflow-hidden rounded-2xl border border-line-strong bg-surface-raised shadow-glow">
        <div className="flex h-10 items-center gap-2 border-b border-line bg-surface-overlay/60 px-4">
          <span className="size-2.5 rounded-full bg-[#ff5f57]/80" />
          <span className="size-2.5 rounded-full bg-[#febc2e]/80" />
          <span className="size-2.5 rounded-full bg-[#28c840]/80" />
          <span className="ml-3 truncate text-xs text-ink-subtle">My Vault · Obsidian</span>
        </div>

        <div className="grid text-left sm:grid-cols-[210px_1fr]">
          <div className="hidden border-r border-line bg-surface/60 p-4 text-xs text-ink-subtle sm:block">
            <p className="mb-3 font-semibold tracking-wider text-ink-subtle uppercase">Files</p>
            <TreeFolder name="Meetings">
              <TreeFile name="Client sync 03-12" active />
              <TreeFile name="Team standup" />
            </TreeFolder>
            <TreeFolder name="Projects">
              <TreeFile name="Website relaunch" />
              <TreeFile name="Q3 research" />
            </TreeFolder>
            <TreeFolder name="Daily">
              <TreeFile name="Today" />
            </TreeFolder>
          </div>

          <div className="flex min-w-0 flex-col">
            <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
              <div className="flex min-w-0 items-center gap-2">
                <LogoMark className="size-5 shrink-0" />
                <span className="truncate text-sm font-medium text-ink">SystemSculpt AI</span>
              </div>
              <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-line-strong px-2.5 py-0.5 text-[11px] font-medium text-ink-muted">
                <ShieldCheck className="size-3.5 text-accent-300" />
                Ask Approval
              </span>
            </div>

            <div className="space-y-4 p-4 text-[13px] leading-relaxed sm:p-5 sm:text-sm">
              <div className="ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-accent-600/90 px-4 py-2.5 text-white">
                Summarise{' '}
                <span className="rounded bg-white/15 px-1 font-medium">@Client sync 03-12</span> and add the action
                items to my project note.
              </div>

              <div className="max-w-[92%] space-y-3">
                <div className="inline-flex items-center gap-1.5 rounded-md border border-line bg-surface px-2 py-1 text-[11px] text-ink-subtle">
                  <FileText className="size-3.5" />
                  Read Meetings/Client sync 03-12.md
                </div>
                <p className="text-ink-muted">
                  The client approved the new homepage direction and moved launch to the 28th. I found four action
                  items and drafted them as tasks.
                </p>
                <div className="rounded-xl border border-accent-400/30 bg-accent-500/[0.07] p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-xs font-medium text-ink">
                      Edit <span className="font-mono text-accent-200">Projects/Website relaunch.md</span>
                    </span>
                    <span className="font-mono text-[11px] text-success">+4 lines</span>
                  </div>
                  <div className="mt-3 flex gap-2">
                    <span className="rounded-md bg-accent-600 px-3 py-1 text-xs font-medium text-white">Approve</span>
                    <span className="rounded-md border border-line-strong px-3 py-1 text-xs font-medium text-ink-muted">
                      Deny
                    </span>
                  </div>
                </div>
              </div>
            </div>

            <div className="mt-auto border-t border-line p-3 sm:p-4">
              <div className="flex items-center gap-3 rounded-xl border border-line-strong bg-surface px-3 py-2.5 text-sm text-ink-subtle">
                <span className="min-w-0 flex-1 truncate">Ask anything, or type @ to mention a note</span>
                <AtSign className="size-4 shrink-0" />
                <Paperclip className="size-4 shrink-0" />
                <Mic className="size-4 shrink-0" />
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

function TreeFolder({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="mb-3">
      <p className="py-1 text-ink-muted">{name}</p>
      <div className="ml-2 border-l border-line pl-2">{children}</div>
    </div>
  );
}

function TreeFile({ name, active = false }: { name: string; active?: boolean }) {
  return (
    <p
      className={
        active ? 'truncate rounded bg-accent-500/15 px-1.5 py-1 text-ink' : 'truncate px-1.5 py-1 text-ink-subtle'
      }
    >
      {name}
    </p>
  );
}

/* ------------------------------------------------------------------------------------------------ */

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
  const { data: pricing } = useQuery(pricingQuery());
  return (
    <section aria-labelledby="plans-title" className="mx-auto max-w-6xl px-4 pt-20 sm:px-6 sm:pt-24 lg:px-8">
      <SectionHeading
        eyebrow="Plans"
        id="plans-title"
        title="Simple plans, managed AI included"
        lead="Every plan comes with a monthly allowance of credits for the managed models. Pay monthly, or once for life."
      />
      <div className="mt-14">
        {pricing ? (
          <PlanGrid pricing={pricing} />
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

/* ------------------------------------------------------------------------------------------------ */

const GITHUB_HREF = SOCIAL_LINKS.find((link) => link.label === 'GitHub')?.href ?? 'https://github.com';
const DISCORD_HREF = SOCIAL_LINKS.find((link) => link.label === 'Discord')?.href ?? 'https://discord.com';

function OpenSource() {
  return (
    <section aria-labelledby="oss-title" className="mx-auto max-w-6xl px-4 pt-20 sm:px-6 sm:pt-24 lg:px-8">
      <div className="grid items-center gap-8 rounded-2xl border border-line bg-surface-raised/60 p-6 sm:p-10 lg:grid-cols-[1fr_auto]">
        <div className="max-w-2xl">
          <h2 id="oss-title" className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
            Open source, MIT licensed
          </h2>
          <p className="mt-3 text-base leading-relaxed text-ink-muted">
            The plugin's code is public. Read exactly what runs inside your vault, report issues, or follow along as
            new features land. Questions and ideas are welcome in the community.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a
            href={GITHUB_HREF}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            <GitHubIcon />
            View on GitHub
            <ArrowUpRight aria-hidden="true" className="opacity-60" />
          </a>
          <a
            href={DISCORD_HREF}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'ghost', size: 'lg', className: 'border border-line' })}
          >
            <DiscordIcon />
            Join the Discord
            <ArrowUpRight aria-hidden="true" className="opacity-60" />
          </a>
        </div>
      </div>
    </section>
  );
}

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
      <ButtonLink to={PRICING_HREF} size="lg">
        See plans &amp; pricing
        <ArrowRight aria-hidden="true" />
      </ButtonLink>
      <ButtonLink to={DOCS_HREF} variant="secondary" size="lg">
        <BookOpen aria-hidden="true" />
        Read the docs
      </ButtonLink>
    </div>
  );
}

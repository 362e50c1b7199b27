import { ArrowUpRight } from 'lucide-react';
import { SOCIAL_LINKS } from '../../lib/site';
import { CallToAction } from '../ui/CallToAction';
import { DiscordIcon, GitHubIcon } from '../shell/SocialIcons';

const GITHUB_HREF = SOCIAL_LINKS.find((link) => link.label === 'GitHub')?.href ?? 'https://github.com';
const DISCORD_HREF = SOCIAL_LINKS.find((link) => link.label === 'Discord')?.href ?? 'https://discord.com';

/** The plugin's code is public: where to read it and where to talk about it. */
export function OpenSource() {
  return (
    <section aria-labelledby="oss-title" className="mx-auto max-w-6xl px-4 pt-20 sm:px-6 sm:pt-24 lg:px-8">
      <div className="grid items-center gap-8 rounded-2xl border border-line bg-surface-raised/60 p-6 sm:p-10 lg:grid-cols-[1fr_auto]">
        <div className="max-w-2xl">
          <h2 id="oss-title" className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
            Open source, MIT licensed
          </h2>
          <p className="mt-3 text-base leading-relaxed text-ink-muted">
            The plugin's code is public. Read exactly what runs inside your vault, report issues, or follow along as new features land. Questions and ideas are
            welcome in the community.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <CallToAction href={GITHUB_HREF} target="_blank" rel="noopener noreferrer" variant="secondary" size="lg">
            <GitHubIcon />
            View on GitHub
            <ArrowUpRight aria-hidden="true" className="opacity-60" />
          </CallToAction>
          <CallToAction href={DISCORD_HREF} target="_blank" rel="noopener noreferrer" variant="ghost" size="lg" className="border border-line">
            <DiscordIcon />
            Join the Discord
            <ArrowUpRight aria-hidden="true" className="opacity-60" />
          </CallToAction>
        </div>
      </div>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { ArrowUpRight } from 'lucide-react';
import { siteInfoQuery } from '../../queries/site';
import { NavLink } from '../ui/NavLink';
import { Logo } from './Logo';
import { FOOTER_COLUMNS } from './nav-links';
import { SocialLinks } from './SocialIcons';

const LINK = 'inline-flex items-center gap-1 rounded text-sm text-ink-muted transition-colors hover:text-ink';

export function SiteFooter() {
  // Non-suspending on purpose: the footer also renders inside the root error screen, where the
  // site-info query may be the very thing that failed.
  const { data: info } = useQuery(siteInfoQuery());
  const year = new Date().getFullYear();

  return (
    <footer data-testid="site-footer" className="relative mt-24 border-t border-line bg-surface-sunken">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-accent-500/50 to-transparent"
      />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-[1.4fr_2fr]">
          <div className="max-w-sm space-y-5">
            <Logo />
            <p className="text-sm leading-relaxed text-ink-muted">
              SystemSculpt AI puts managed AI chat, agent tools, transcription and semantic search inside your Obsidian vault.
            </p>
            <SocialLinks />
          </div>

          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            {FOOTER_COLUMNS.map((column) => (
              <div key={column.title}>
                <h2 className="text-xs font-semibold tracking-[0.12em] text-ink uppercase">{column.title}</h2>
                <ul className="mt-4 space-y-3">
                  {column.links.map((link) => (
                    <li key={link.href}>
                      {link.external ? (
                        <a href={link.href} target="_blank" rel="noopener noreferrer" className={LINK}>
                          {link.label}
                          <ArrowUpRight aria-hidden="true" className="size-3.5 opacity-60" />
                        </a>
                      ) : (
                        <NavLink href={link.href} className={LINK}>
                          {link.label}
                        </NavLink>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>

        <div className="mt-12 flex flex-col gap-3 border-t border-line pt-8 text-sm text-ink-subtle sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <p>Made for the Obsidian community.</p>
            <p suppressHydrationWarning>{`© ${year} SystemSculpt. All rights reserved.`}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <NavLink href="/status" className={LINK}>
              System status
            </NavLink>
            {info ? (
              <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface-raised px-3 py-1 font-mono text-xs text-ink-muted">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-success" />
                {`Plugin v${info.pluginVersion} · Obsidian ${info.minimumObsidianVersion}+`}
              </p>
            ) : null}
          </div>
        </div>
      </div>
    </footer>
  );
}

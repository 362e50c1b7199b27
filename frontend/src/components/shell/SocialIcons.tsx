import type { JSX, SVGProps } from 'react';
import { SOCIAL_LINKS, type SocialLabel } from '../../lib/site';
import { cx } from '../ui/cx';
// Never inlined as a data: URL, which <use> cannot reference.
import sprite from './social-icons.svg?url&no-inline';

type IconProps = SVGProps<SVGSVGElement>;

const svgDefaults = {
  viewBox: '0 0 24 24',
  fill: 'currentColor',
  'aria-hidden': true,
  focusable: false,
} as const;

/** A brand mark drawn from social-icons.svg (one cached file), like the Lucide icons from theirs. */
function brandIcon(id: string) {
  return function BrandIcon(props: IconProps) {
    return (
      <svg {...svgDefaults} {...props}>
        <use href={`${sprite}#${id}`} />
      </svg>
    );
  };
}

export const DiscordIcon = /* @__PURE__ */ brandIcon('discord');
export const YouTubeIcon = /* @__PURE__ */ brandIcon('youtube');
export const XIcon = /* @__PURE__ */ brandIcon('x');
export const GitHubIcon = /* @__PURE__ */ brandIcon('github');

export const SOCIAL_ICONS: Record<SocialLabel, (props: IconProps) => JSX.Element> = {
  Discord: DiscordIcon,
  YouTube: YouTubeIcon,
  X: XIcon,
  GitHub: GitHubIcon,
};

/** A row of round icon links to every community channel; each opens in a new tab. */
export function SocialLinks({ className }: { className?: string }) {
  return (
    <ul className={cx('flex items-center gap-2', className)}>
      {SOCIAL_LINKS.map(({ label, href }) => {
        const Icon = SOCIAL_ICONS[label];
        return (
          <li key={label}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              title={`SystemSculpt on ${label}`}
              className="inline-flex size-10 items-center justify-center rounded-lg border border-line bg-surface-raised text-ink-muted transition-colors hover:border-accent-400/50 hover:text-ink"
            >
              <Icon className="size-[18px]" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

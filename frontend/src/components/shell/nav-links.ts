import { SOCIAL_LINKS } from '../../lib/site';

export interface NavItem {
  label: string;
  href: string;
}

/** The top navigation, in order. Sign In / the user menu follows these. */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Obsidian AI Plugin', href: '/obsidian-ai-plugin' },
  { label: 'Resources', href: '/resources' },
  { label: 'Dashboard', href: '/dashboard' },
];

/** Help a customer looks for beside the main navigation: in the footer's Support column and the phone menu. */
export const HELP_NAV: readonly NavItem[] = [
  { label: 'Docs', href: '/obsidian-ai-plugin-docs' },
  { label: '1-on-1 Sessions', href: '/sessions' },
];

export interface FooterColumn {
  title: string;
  links: readonly (NavItem & { external?: boolean })[];
}

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Community',
    links: SOCIAL_LINKS.map((link) => ({ label: link.label, href: link.href, external: true })),
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms', href: '/terms' },
      { label: 'Privacy', href: '/privacy' },
      { label: 'Refund Policy', href: '/refund-policy' },
    ],
  },
  {
    title: 'Support',
    links: [...HELP_NAV, { label: 'Contact', href: '/contact' }],
  },
];

/** Quick links offered on the not-found screen. */
export const QUICK_LINKS: readonly NavItem[] = [
  { label: 'Obsidian AI Plugin', href: '/obsidian-ai-plugin' },
  { label: 'Resources', href: '/resources' },
  { label: 'Dashboard', href: '/dashboard' },
];

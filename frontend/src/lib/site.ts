/** Facts about the site and the plugin that every page may show. */
export const SITE_NAME = 'SystemSculpt AI for Obsidian';
export const PRODUCT_NAME = 'SystemSculpt AI';
export const SITE_DESCRIPTION = 'SystemSculpt AI brings managed AI chat, agent tools, audio transcription and semantic search into your Obsidian vault.';

export const SOCIAL_LINKS = [
  { label: 'Discord', href: 'https://discord.gg/systemsculpt' },
  { label: 'YouTube', href: 'https://www.youtube.com/@SystemSculpt' },
  { label: 'X', href: 'https://x.com/systemsculpt' },
  { label: 'GitHub', href: 'https://github.com/systemsculpt/obsidian-systemsculpt-ai' },
] as const;

export type SocialLabel = (typeof SOCIAL_LINKS)[number]['label'];

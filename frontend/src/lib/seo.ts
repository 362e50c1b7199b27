import { SITE_NAME } from './site';

/** The structured data the spec fixes: one offer at 199.00 USD, rated 4.9 from 128 reviews. */
export const STRUCTURED_OFFER = { price: '199.00', priceCurrency: 'USD', ratingValue: '4.9', reviewCount: 128 } as const;

/** The share card, rendered from frontend/brand/og-image.html by scripts/render-brand-images.mjs. */
export const OG_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'SystemSculpt: the AI workspace that lives inside Obsidian',
} as const;

export interface PageSeo {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/resources". */
  path: string;
  noindex?: boolean;
  ogType?: 'website' | 'article' | 'product';
  jsonLd?: object[];
}

interface HeadContext {
  matches: ReadonlyArray<{ routeId: string; loaderData?: unknown }>;
}

/** The public origin from the root loader (getSiteInfo), so server and browser agree on it. */
export function publicOrigin(context: HeadContext): string {
  const root = context.matches.find((match) => match.routeId === '__root__');
  const info = root?.loaderData as { publicUrl?: string } | undefined;
  return info?.publicUrl ?? 'http://localhost:3000';
}

/** Title, description, canonical, Open Graph and Twitter tags, robots and JSON-LD for one page. */
export function pageHead(context: HeadContext, seo: PageSeo) {
  const url = `${publicOrigin(context)}${seo.path}`;
  const title = seo.title === SITE_NAME ? SITE_NAME : `${seo.title} · SystemSculpt`;
  return {
    meta: [
      { title },
      { name: 'description', content: seo.description },
      ...(seo.noindex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
      { property: 'og:site_name', content: 'SystemSculpt' },
      { property: 'og:type', content: seo.ogType ?? 'website' },
      { property: 'og:title', content: title },
      { property: 'og:description', content: seo.description },
      { property: 'og:url', content: url },
      { property: 'og:image', content: `${publicOrigin(context)}${OG_IMAGE.path}` },
      { property: 'og:image:type', content: 'image/png' },
      { property: 'og:image:width', content: String(OG_IMAGE.width) },
      { property: 'og:image:height', content: String(OG_IMAGE.height) },
      { property: 'og:image:alt', content: OG_IMAGE.alt },
      { name: 'twitter:card', content: 'summary_large_image' },
    ],
    links: [{ rel: 'canonical', href: url }],
    scripts: (seo.jsonLd ?? []).map((data) => ({ type: 'application/ld+json', children: JSON.stringify(data) })),
  };
}

/** SoftwareApplication with the spec's offer and rating, for the home and plugin pages. */
export function softwareApplicationJsonLd(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: 'SystemSculpt AI',
    applicationCategory: 'ProductivityApplication',
    operatingSystem: 'Windows, macOS, Linux, iOS, Android (Obsidian 1.7.2 or later)',
    url: `${origin}/obsidian-ai-plugin`,
    offers: { '@type': 'Offer', price: STRUCTURED_OFFER.price, priceCurrency: STRUCTURED_OFFER.priceCurrency, url: `${origin}/obsidian-ai-plugin` },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: STRUCTURED_OFFER.ratingValue, reviewCount: STRUCTURED_OFFER.reviewCount },
  };
}

import { createFileRoute } from '@tanstack/react-router';
import { pricingQuery } from '../queries/catalog';
import { planStandingQuery } from '../queries/plan-change';
import { SITE_NAME } from '../lib/site';
import { pageHead, publicOrigin, softwareApplicationJsonLd } from '../lib/seo';
import { staticIsland } from '../components/ui/static-island';

const DESCRIPTION =
  'Chat with your notes, let an agent edit your vault with your approval, transcribe audio to Markdown and find related notes by meaning. Managed AI for Obsidian on desktop and mobile, with no API keys to set up.';

// The whole page is markup and links: the browser keeps the server's HTML, and loads the sections'
// code only to render them itself (after a client-side navigation here, through the loader).
const home = staticIsland('home', () => import('./-components/HomeSections').then((m) => m.HomeSections));

const HomePage = home.Island;

export const Route = createFileRoute('/')({
  // The plans are one section of the home page: if pricing cannot load, the rest still renders.
  loader: async ({ context }) => {
    const [plansLoaded] = await Promise.all([
      context.queryClient.ensureQueryData(pricingQuery()).then(
        () => true,
        () => false,
      ),
      home.preload(),
      // The plans section offers what fits the visitor's plan, as the plans page does; not knowing it never fails the page.
      context.queryClient.ensureQueryData(planStandingQuery()).catch(() => null),
    ]);
    return { plansLoaded };
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

import { startSite, type SiteServer } from './site-server';

declare global {
  var __e2eSite: SiteServer | undefined;
}

/** The site every e2e file shares, started as `npm start` starts it. */
export default async function e2eSetup(): Promise<void> {
  const site = await startSite('e2e');
  globalThis.__e2eSite = site;
  process.env.E2E_BASE_URL = site.url;
}

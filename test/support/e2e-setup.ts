import { startSite, type SiteServer } from './site-server';

declare global {
  var __e2eSite: SiteServer | undefined;
}

/** The admin token the shared e2e site is configured with. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';

/** The site every e2e file shares, started as `npm start` starts it. */
export default async function e2eSetup(): Promise<void> {
  const site = await startSite('e2e', { ADMIN_TOKEN: E2E_ADMIN_TOKEN });
  globalThis.__e2eSite = site;
  process.env.E2E_BASE_URL = site.url;
  process.env.E2E_QUEUE_PREFIX = site.queuePrefix;
}

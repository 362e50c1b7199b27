import { buyLicenseOverHttp, callFn, startAddressableSite } from '../../../support/site-client';
import type { SiteServer } from '../../../support/site-server';

/** The token the AI service debits credits with. */
export const CREDITS_API_TOKEN = 'plugin-contract-token-0123456789abcdef';

/**
 * A built site of the file's own (database and queue prefix named by `label`), a child process
 * that also runs the projections, with licensed owners made the way a buyer makes them; started
 * before the file's tests and stopped after.
 */
export function usePluginContractSite(label: string) {
  let site: SiteServer;
  beforeAll(async () => {
    site = await startAddressableSite(label, { CREDITS_API_TOKEN });
  }, 90_000);
  afterAll(async () => {
    await site?.stop();
  });

  const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });

  /** A signed-up buyer who paid for a lifetime license of `seats` seats, once the dashboard shows it. */
  const licensed = (email: string, seats = 1) => buyLicenseOverHttp(site, email, seats);

  return {
    get site() {
      return site;
    },
    dashboard,
    licensed,
  };
}

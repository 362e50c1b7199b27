import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openSitePage, reloadUntil, signUpInDialog, type AccountPage } from '../support/account-browser';
import { launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { sha256 } from '../support/library-fixture';
import { chooseOnHostedCheckout, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { fillBillingAddress } from '../support/hosted-checkout-browser';

/** Short-lived links, so the test sees one expire without waiting ten minutes. */
const LINK_TTL_SECONDS = 8;

let browser: Browser;
let site: SiteServer;
let storageDir: string;

/** The real built library (npm run build): the bundle and the included templates a customer gets. */
const LIBRARY = join(__dirname, '..', '..', 'dist', 'library');
type BuiltFile = { name: string; title: string; path: string };
const builtFile = async (resourceId: string): Promise<BuiltFile & { bytes: Buffer }> => {
  const manifest = JSON.parse(await readFile(join(LIBRARY, 'manifest.json'), 'utf8')) as { resources: Record<string, { files: BuiltFile[] }> };
  const file = manifest.resources[resourceId]!.files[0]!;
  return { ...file, bytes: await readFile(join(LIBRARY, file.path)) };
};

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'sculpt-library-e2e-'));
  [browser, site] = await Promise.all([
    launchBrowser(),
    startAddressableSite('library-e2e', { STORAGE_DIR: storageDir, LIBRARY_LINK_TTL_SECONDS: String(LINK_TTL_SECONDS) }),
  ]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

const signUp = (page: Page, email: string, firstName: string) => signUpInDialog(page, site.url, email, firstName);
const email = (who: string) => `${who.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect({ label, violations: violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({ label, violations: [] });
}

/** Signs up from the home page's dialog, the way a newcomer does. */
async function signedIn(account: AccountPage, who: string): Promise<void> {
  await account.page.goto('/?sign_in=open');
  await waitForHydration(account.page);
  await signUp(account.page, email(who), who);
}

describe('the library: buy a bundle, download it, and the link protects itself', () => {
  let buyer: AccountPage;
  let other: AccountPage;
  let link: string;
  beforeAll(async () => {
    [buyer, other] = await Promise.all([openSitePage(browser, site.url), openSitePage(browser, site.url)]);
    await signedIn(other, 'Grace');
  });
  afterAll(async () => {
    await buyer?.close();
    await other?.close();
  });

  it('buys the bundle on the Stripe emulator and finds it in Dashboard → Resources', async () => {
    const { page } = buyer;
    await page.goto('/checkout?resourceId=vault-kickstart-bundle');
    await waitForHydration(page);
    await signUp(page, email('buyer'), 'Ada');
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/_stripe\/checkout\/cs_/);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: 'Pay $49.00' }).click();
    await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });

    await page.goto('/dashboard?section=resources');
    await reloadUntil(page, async () => (await page.getByTestId('owned-resources').getByText('Vault Kickstart Bundle', { exact: true }).count()) === 1);
    await page.getByRole('link', { name: 'Download Vault Kickstart Bundle' }).click();
    await page.waitForURL((url) => url.pathname === '/library/vault-kickstart-bundle');
    await page.getByRole('heading', { name: 'Vault Kickstart Bundle', level: 1 }).waitFor();
    await page.getByText('Not downloaded yet').waitFor();
  });

  it('downloads the file: the same bytes as the built file and as the stored object', async () => {
    const { page } = buyer;
    const bundle = await builtFile('vault-kickstart-bundle');
    await waitForHydration(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `${bundle.title}: download` }).click()]);
    link = download.url();
    expect(download.suggestedFilename()).toBe(bundle.name);
    const bytes = await readFile((await download.path())!);
    expect(bytes.equals(bundle.bytes)).toBe(true);
    const hash = sha256(bundle.bytes);
    expect((await readFile(join(storageDir, 'sha256', hash.slice(0, 2), hash))).equals(bytes)).toBe(true);
    await reloadUntil(page, async () => (await page.getByText(/^Last downloaded /).count()) === 1);
  });

  it('refuses the same link to another account with a 403 page that says why', async () => {
    const answer = await other.page.goto(link);
    expect(answer?.status()).toBe(403);
    await other.page.getByRole('heading', { name: 'This link was made for another account' }).waitFor();
    await expectNoAxeViolations(other.page, 'link for another account');
  });

  it('refuses the link once it expired with a 410 page that leads to a fresh one', async () => {
    const { page } = buyer;
    // The link must outlive its lifetime on the site's own clock (a built server in another process, whose clock a test cannot move).
    await page.waitForTimeout(LINK_TTL_SECONDS * 1000 + 500);
    const answer = await page.goto(link);
    expect(answer?.status()).toBe(410);
    await page.getByRole('heading', { name: 'This download link has expired' }).waitFor();
    await expectNoAxeViolations(page, 'expired link');
    await page.getByRole('link', { name: 'Get a fresh link from your library' }).click();
    await page.waitForURL((url) => url.pathname === '/library/vault-kickstart-bundle');
    await page.getByRole('button', { name: `${(await builtFile('vault-kickstart-bundle')).title}: download` }).waitFor();
  });

  it('shows the owner "Open in your library" on the public page instead of Buy', async () => {
    const { page } = buyer;
    await page.goto('/resources/vault-kickstart-bundle');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Open in your library' }).waitFor();
    expect(await page.getByRole('link', { name: 'Buy' }).count()).toBe(0);
    expect(
      await other.page
        .goto('/resources/vault-kickstart-bundle')
        .then(() => waitForHydration(other.page))
        .then(() => other.page.getByRole('link', { name: 'Buy' }).count()),
    ).toBe(1);
  });

  it('tells someone who does not own it what it is and how to get it', async () => {
    await other.page.goto('/library/vault-kickstart-bundle');
    await other.page.getByRole('heading', { name: 'Not in your library yet' }).waitFor();
    await other.page.getByRole('link', { name: 'Buy' }).waitFor();
    await expectNoAxeViolations(other.page, 'not in the library');
  });

  it('has no axe violations on the library pages, on a desktop and a phone', async () => {
    const cookies = await buyer.page.context().cookies();
    const phone = await browser.newContext({ ...PHONE, baseURL: site.url });
    await phone.addCookies(cookies);
    const phonePage = await phone.newPage();
    try {
      for (const [label, page] of [
        ['desktop', buyer.page],
        ['phone', phonePage],
      ] as const) {
        for (const path of ['/library', '/library/vault-kickstart-bundle', '/dashboard?section=resources']) {
          await page.goto(path);
          await waitForHydration(page);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await expectNoAxeViolations(page, `${label} ${path}`);
        }
      }
      expect(buyer.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('a subscriber opens a resource included with the plan', () => {
  let subscriber: AccountPage;
  beforeAll(async () => {
    subscriber = await openSitePage(browser, site.url);
    await signedIn(subscriber, 'Linus');
  });
  afterAll(() => subscriber?.close());

  it('is offered the library, not the plans, and downloads the included file', async () => {
    const { page } = subscriber;
    const started = await page.request.post('/_serverFn/initiateCheckout', { data: { resourceId: 'pro-monthly', quantity: 1 } });
    await chooseOnHostedCheckout(((await started.json()) as { result: { url: string } }).result.url, 'pay');

    await page.goto('/resources/project-dashboard-templates');
    await waitForHydration(page);
    await reloadUntil(page, async () => (await page.getByRole('link', { name: 'Open in your library' }).count()) === 1);
    expect(await page.getByText('Included with subscription — see plans').count()).toBe(0);

    await page.goto('/dashboard?section=resources');
    await page.getByTestId('included-resources').getByText('Project Dashboard Templates', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Download Project Dashboard Templates' }).click();
    // Two e2e files and axe run beside this one in a full suite: the page can take longer than the 10 s default.
    await page.waitForURL((url) => url.pathname === '/library/project-dashboard-templates', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Project Dashboard Templates', level: 1 }).waitFor();
    await page.getByText('Included with your plan', { exact: true }).waitFor();
    await waitForHydration(page);
    const templates = await builtFile('project-dashboard-templates');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `${templates.title}: download` }).click()]);
    expect((await readFile((await download.path())!)).equals(templates.bytes)).toBe(true);
    expect(subscriber.errors).toEqual([]);
  });
});

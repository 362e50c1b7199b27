import { startSite, type SiteServer } from '../../support/site-server';

/** Requests sent at once: enough to be a flood, few enough to take seconds on two cores. */
const FLOOD = 2_000;
const IN_FLIGHT = 50;
const PLUGIN_IP = '203.0.113.77';

let site: SiteServer;
beforeAll(async () => {
  // At info, as in production: every line a request writes shows.
  site = await startSite('refusals', { LOG_LEVEL: 'info' });
});
afterAll(() => site.stop());

const LICENSE_PATH = '/api/plugin/license/validate';

interface LogLine {
  level: number;
  msg: string;
  limiter?: string;
  refused?: number;
  req?: { url?: string };
}

const lines = () =>
  site
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/**
 * A line the flood wrote: a request's access line or license check, or a limiter's line. On a busy
 * machine the site may still be writing its own lines from boot (a worker starting up) meanwhile.
 */
const ofTheFlood = (line: LogLine) => line.req?.url === LICENSE_PATH || line.msg === 'license check' || line.limiter !== undefined;

const refusalsReported = async (): Promise<Record<string, number>> =>
  ((await (await fetch(`${site.url}/readyz`)).json()) as { rateLimitRefusals: Record<string, number> }).rateLimitRefusals;

/** The plugin's license check from one address, as a plugin in a loop would send it. */
const validate = () =>
  fetch(`${site.url}${LICENSE_PATH}`, { headers: { 'x-forwarded-for': PLUGIN_IP, 'x-license-key': 'SSAI-NOT-A-REAL-KEY' } }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

describe('a flood of requests over a rate limit', () => {
  it('writes a line for the first refusal, not one per refusal, and counts every refusal where /readyz reports it', async () => {
    const before = lines().length;
    const statuses: number[] = [];
    for (let sent = 0; sent < FLOOD; sent += IN_FLIGHT) statuses.push(...(await Promise.all(Array.from({ length: IN_FLIGHT }, validate))));
    const refused = statuses.filter((status) => status === 429).length;
    const answered = FLOOD - refused;
    expect(refused).toBeGreaterThan(FLOOD / 2);

    expect((await refusalsReported())['plugin:license']).toBe(refused);
    const during = lines().slice(before).filter(ofTheFlood);
    const refusalLines = during.filter((line) => line.msg === 'rate limit refused requests');
    expect(refusalLines).toEqual([expect.objectContaining({ level: 40, limiter: 'plugin:license', refused: 1 })]);
    // Each answered request may write its access line and its license-check line; a refused one writes none.
    expect(during.length).toBeLessThanOrEqual(2 * answered + refusalLines.length);
  });
});

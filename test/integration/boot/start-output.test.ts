import { startSite, type SiteServer } from '../../support/site-server';

let site: SiteServer;
beforeAll(async () => {
  // stdout is a pipe here, as under a log collector: JSON lines, and Nest's start-up chatter kept at debug.
  site = await startSite('start-output', { LOG_LEVEL: 'info' });
});
afterAll(() => site.stop());

describe('npm start without a terminal', () => {
  it('writes JSON log lines, none of them Nest mapping routes at info, and the one banner line', async () => {
    await fetch(`${site.url}/healthz`);
    const lines = site
      .stdout()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const banner = lines.filter((line) => !line.startsWith('{'));
    expect(banner).toEqual([expect.stringMatching(/^✔ Site running at http:\/\/localhost:\d+ \(role: all\)\. Ctrl-C to stop\.$/)]);
    const logs = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; context?: string; msg: string });
    expect(logs.some((log) => log.msg === 'ready' && log.level === 30)).toBe(true);
    const startUpChatter = logs.filter((log) => ['RouterExplorer', 'RoutesResolver', 'InstanceLoader'].includes(log.context ?? ''));
    expect(startUpChatter).toEqual([]);
  });
});

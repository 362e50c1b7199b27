// The public pages as a visitor's browser sees them: Lighthouse (mobile) on Debian's Chromium,
// the JavaScript the home page ships (gzip), and listResources under load beside /healthz.
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchSite } from './support/site.mjs';

const PAGES = ['/', '/obsidian-ai-plugin', '/resources', '/obsidian-ai-plugin-docs/getting-started'];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };

const site = await startBenchSite();
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  console.log('\nLighthouse, mobile preset (targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100)\n');
  console.log(['page'.padEnd(44), ...Object.keys(TARGETS).map((k) => k.padStart(15))].join(''));
  for (const path of PAGES) {
    const result = await lighthouse(`${site.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
    const scores = Object.keys(TARGETS).map((key) => Math.round((result.lhr.categories[key]?.score ?? 0) * 100));
    console.log([path.padEnd(44), ...scores.map((s, i) => `${s}${s >= Object.values(TARGETS)[i] ? '' : ' ✗'}`.padStart(15))].join(''));
    const failing = Object.values(result.lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
    if (failing.length) console.log(`  failing audits: ${failing.map((a) => a.id).join(', ')}`);
  }

  const html = await (await fetch(`${site.url}/`)).text();
  const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let gzipBytes = 0;
  for (const src of new Set(scripts)) gzipBytes += gzipSync(Buffer.from(await (await fetch(`${site.url}${src}`)).arrayBuffer())).length;
  console.log(`\nJavaScript for the home page before any interaction: ${(gzipBytes / 1024).toFixed(1)} KB gzip in ${new Set(scripts).size} file(s) (target ≤ 150 KB; route chunks load on demand)`);

  const load = (path) => autocannon({ url: `${site.url}${path}`, connections: 50, duration: 8 });
  await load('/healthz');
  const ceiling = await load('/healthz');
  const list = await load(`/_serverFn/listResources?payload=${encodeURIComponent('{"category":"template"}')}`);
  console.log('\nautocannon, 50 connections, 8 s each (client and server share the machine)\n');
  console.log(['route'.padEnd(44), 'req/s'.padStart(10), 'p99 ms'.padStart(10), 'vs /healthz'.padStart(14)].join(''));
  for (const [name, r] of [['GET /healthz (ceiling)', ceiling], ['GET /_serverFn/listResources', list]]) {
    console.log([name.padEnd(44), r.requests.average.toFixed(0).padStart(10), String(r.latency.p99).padStart(10), `${(r.requests.average / ceiling.requests.average).toFixed(2)}x`.padStart(14)].join(''));
  }
} finally {
  await chrome.kill();
  await site.stop();
}

import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage();
const cdp = await p.context().newCDPSession(p);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await p.goto('about:blank');
console.log(await p.evaluate(() => { const t0 = performance.now(); const f = new Intl.NumberFormat('en-US'); f.format(1234); const t1 = performance.now(); const g = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }); g.format(12.5); const t2 = performance.now(); new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(3); return [t1 - t0, t2 - t1, performance.now() - t2]; }));
await b.close();

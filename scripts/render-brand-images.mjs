// Renders the site's brand images once, with Chromium, into frontend/public (the PNGs and the ICO
// are committed; run again only when frontend/brand/og-image.html or favicon.svg changes):
//   node scripts/render-brand-images.mjs
// og-image.png 1200×630 from frontend/brand/og-image.html; apple-touch-icon.png 180×180 and
// favicon.ico (16, 32 and 48 px PNG entries) from frontend/public/favicon.svg.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'frontend', 'public');
const svg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const og = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await og.goto(pathToFileURL(join(root, 'frontend', 'brand', 'og-image.html')).href);
  writeFileSync(join(publicDir, 'og-image.png'), await og.screenshot({ type: 'png' }));

  const icon = async (size, { padded }) => {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // The touch icon gets an opaque square (iOS rounds the corners itself); the favicon keeps its own.
    const background = padded ? '#0b0a14' : 'transparent';
    await page.setContent(
      `<html><body style="margin:0;background:${background}">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    const png = await page.screenshot({ type: 'png', omitBackground: !padded });
    await page.close();
    return png;
  };
  writeFileSync(join(publicDir, 'apple-touch-icon.png'), await icon(180, { padded: true }));
  const sizes = [16, 32, 48];
  writeFileSync(join(publicDir, 'favicon.ico'), ico(await Promise.all(sizes.map((s) => icon(s, { padded: false }))), sizes));
} finally {
  await browser.close();
}

/** An ICO file whose entries are PNGs (valid since Windows Vista; every current browser reads it). */
function ico(pngs, sizes) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map((png, i) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(sizes[i] >= 256 ? 0 : sizes[i], 0);
    entry.writeUInt8(sizes[i] >= 256 ? 0 : sizes[i], 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs]);
}

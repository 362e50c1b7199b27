import { get } from '../support/catalog-page';

describe('for search engines', () => {
  const pages = ['/', '/obsidian-ai-plugin', '/resources', '/resources/lifetime-license', '/resources/from-audio-to-notes'];

  it('gives each page a unique title, a description, a canonical link and og:title', async () => {
    const titles: string[] = [];
    for (const path of pages) {
      const response = await get(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title).toBeTruthy();
      titles.push(title!);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(new URL(canonical!).pathname).toBe(path);
      expect(html).toMatch(new RegExp(`<meta property="og:title" content="${title!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
    }
    expect(new Set(titles).size).toBe(pages.length);
    const detail = await (await get('/resources/lifetime-license')).text();
    expect(detail).toContain('<meta property="og:type" content="product"');
  });

  it.each(['/obsidian-ai-plugin', '/'])('puts the SoftwareApplication JSON-LD on %s', async (path) => {
    const html = await (await get(path)).text();
    const json = /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(json).toContain('"price":"199.00"');
    expect(json).toContain('"ratingValue":"4.9"');
    expect(json).toContain('"reviewCount":128');
    expect(JSON.parse(json!)).toMatchObject({ '@type': 'SoftwareApplication', aggregateRating: { reviewCount: 128 } });
  });

  const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

  it.each([
    ['/og-image.png', /^image\/png$/, { width: 1200, height: 630 }],
    ['/apple-touch-icon.png', /^image\/png$/, { width: 180, height: 180 }],
  ] as const)('serves %s as a real PNG of the right size', async (path, type, size) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(type);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(pngSize(bytes)).toEqual(size);
  });

  it('serves /favicon.ico as an icon with 16, 32 and 48 px images', async () => {
    const response = await get('/favicon.ico');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.readUInt16LE(2)).toBe(1);
    const count = bytes.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => {
      const entry = 6 + 16 * i;
      const image = bytes.subarray(bytes.readUInt32LE(entry + 12), bytes.readUInt32LE(entry + 12) + bytes.readUInt32LE(entry + 8));
      expect(pngSize(image)).toEqual({ width: bytes[entry]!, height: bytes[entry + 1]! });
      return bytes[entry];
    });
    expect(sizes).toEqual([16, 32, 48]);
  });

  const everyPage = [...pages, '/obsidian-ai-plugin-docs', '/sessions', '/contact', '/privacy', '/terms', '/refund-policy', '/manage-email'];

  it.each(everyPage)('links the icons from %s and its og:image resolves to the share card', async (path) => {
    const html = await (await get(path)).text();
    expect(html).toContain('<link rel="icon" href="/favicon.ico"');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toBeDefined();
    // og:image names the public origin (PUBLIC_URL); the same path must answer on this server.
    const response = await get(new URL(image!).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });
});

import { get } from '../support/catalog-page';

describe('for search engines', () => {
  const pages = [
    '/',
    '/obsidian-ai-plugin',
    '/resources',
    '/resources/lifetime-license',
    '/resources/from-audio-to-notes',
  ];

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
      expect(html).toMatch(
        new RegExp(`<meta property="og:title" content="${title!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`),
      );
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
});

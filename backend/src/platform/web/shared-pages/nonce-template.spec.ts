import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { NonceTemplate } from './nonce-template';

const nonce = () => randomBytes(16).toString('base64');
const placeholder = nonce();

/** A page shaped like the renderer's: the nonce on tags and scripts, its meta tag, and a long body. */
function page(value: string): string {
  const body = Array.from({ length: 400 }, (_, i) => `<p class="text-ink">Paragraph ${i % 37} of the page</p>`).join('');
  return [
    `<!DOCTYPE html><html><head><meta charSet="utf-8" nonce="${value}"/><meta property="csp-nonce" content="${value}"/>`,
    `<link rel="modulepreload" href="/assets/a.js" nonce="${value}"/></head><body>${body}`,
    `<script nonce="${value}">self.$R=[${'1,'.repeat(2000)}]</script><script type="module" src="/assets/entry.js" nonce="${value}"></script></body></html>`,
  ].join('');
}

describe('a page kept with holes for the CSP nonce', () => {
  const template = NonceTemplate.fromHtml(page(placeholder), placeholder)!;

  it('gives the page with each response’s own nonce, as HTML and gzipped', () => {
    for (const value of [nonce(), nonce(), nonce()]) {
      expect(template.plain(value).toString()).toBe(page(value));
      expect(gunzipSync(template.gzip(value)).toString()).toBe(page(value));
    }
  });

  it('compresses the gzip form close to gzipping the whole page', () => {
    expect(template.gzip(nonce()).length).toBeLessThan(page(nonce()).length / 10);
  });

  it('refuses a page where the placeholder stands anywhere but a nonce', () => {
    expect(NonceTemplate.fromHtml(`${page(placeholder)}<p>${placeholder}</p>`, placeholder)).toBeUndefined();
    expect(NonceTemplate.fromHtml(page(placeholder).replace(`content="${placeholder}"`, `content="${placeholder}x"`), placeholder)).toBeUndefined();
  });

  it('refuses a nonce of another shape than the placeholder', () => {
    expect(() => template.plain('short')).toThrow();
    expect(() => template.gzip(`${nonce().slice(0, 23)}"`)).toThrow();
  });
});

import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { baseUrl } from '../support/browser';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose body arrives as sent (fetch would decompress it and hide the encoding). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl()}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function entryScript(): Promise<string> {
  const html = (await raw('/')).body.toString();
  const src = /<script type="module" src="(\/assets\/entry-client-[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('no entry script in the home page');
  return src;
}

describe('compression', () => {
  it('sends built scripts as their brotli twin when the browser accepts br, else gzip, else as they are', async () => {
    const src = await entryScript();
    const plain = await raw(src);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);

    const br = await raw(src, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gzip = await raw(src, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    const refused = await raw(src, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('compresses pages and server-function answers on the fly', async () => {
    const page = await raw('/', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('</html>');

    const list = await raw(`/_serverFn/listResources?payload=${encodeURIComponent('{}')}`, { 'accept-encoding': 'gzip' });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.body).toString()).result.resources.length).toBeGreaterThan(5);
  });

  it('serves the public folder (favicon, cover art) and leaves every other path to the app', async () => {
    const favicon = await raw('/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await raw('/images/resources/bundle.svg')).status).toBe(200);
    expect((await raw('/images/resources/bundle.svg', {}, 'HEAD')).status).toBe(200);

    const missing = await raw('/images/resources/no-such-cover.svg');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect((await raw('/.vite/manifest.json')).status).toBe(404);
  });
});

import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Client } from 'pg';
import { deriveKey } from '../../../backend/src/platform/common/secrets/site-secret';
import { DownloadLinks } from '../../../backend/src/modules/library/download-links';
import { libraryFixture, sha256, type LibraryFixture } from '../../support/library-fixture';
import { startLocalS3, type LocalS3 } from '../../support/s3-server';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

const SECRET = 'library-downloads-test-secret-0123456789abcdef';
const zip = randomBytes(256 * 1024 + 17);
const notes = Buffer.from('# Meeting notes — Résumé\n\n## Decisions\n', 'utf8');

/** Signs links as the site does (same secret, same derived key), for a link made in the past. */
const siteLinks = new DownloadLinks(deriveKey({ value: Buffer.from(SECRET, 'utf8') }, 'library-download-links'), 600);
const grantOf = (url: string) =>
  JSON.parse(Buffer.from(url.split('/')[3]!.split('.')[0]!, 'base64url').toString('utf8')) as [string, string, string, number, number];

describe.each(['disk', 's3'] as const)('downloads through signed links, %s storage', (driver) => {
  let site: SiteServer;
  let fixture: LibraryFixture;
  let s3: LocalS3 | undefined;
  let buyer: string;

  beforeAll(async () => {
    fixture = await libraryFixture([
      { resourceId: 'meeting-notes-system', name: 'meeting-notes-system.zip', contentType: 'application/zip', bytes: zip },
      { resourceId: 'meeting-notes-system', name: 'Résumé notes.md', contentType: 'text/markdown; charset=utf-8', bytes: notes },
    ]);
    s3 = driver === 's3' ? await startLocalS3() : undefined;
    site = await startAddressableSite(`library-dl-${driver}`, {
      LIBRARY_DIST: fixture.dir,
      STORAGE_DIR: fixture.storageDir,
      SITE_TOKEN_SECRET: SECRET,
      ...(s3?.env ?? {}),
    });
    buyer = await signUpOverHttp(site, `buyer-${driver}@example.com`);
    const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'meeting-notes-system', quantity: 1 }, { cookie: buyer });
    if (!started.result?.url) throw new Error(`checkout did not start: ${JSON.stringify(started)}`);
    await chooseOnHostedCheckout(started.result.url, 'pay');
    await eventually(
      () => callFn(site.url, 'getLibraryAccess', { resourceId: 'meeting-notes-system' }, { cookie: buyer, method: 'GET' }),
      (a) => a.result?.access === 'purchase',
    );
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    await s3?.stop();
    await fixture?.remove();
  });

  const link = async (fileName = 'meeting-notes-system.zip', cookie = buyer) => {
    const answer = await callFn(site.url, 'createDownloadLink', { resourceId: 'meeting-notes-system', fileName }, { cookie });
    expect(answer.status).toBe(200);
    return answer.result as { url: string; version: number; bytes: number; expiresAt: string };
  };
  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${site.url}${url}`, { headers: { cookie: buyer, ...headers } });

  it('the library lists the bought files with their sizes and version 1', async () => {
    const item = await callFn(site.url, 'getLibraryItem', { resourceId: 'meeting-notes-system' }, { cookie: buyer, method: 'GET' });
    expect(item.result).toMatchObject({ access: 'purchase', kind: 'files', lessonCount: 0 });
    expect(item.result.files.map((f: { name: string; bytes: number; version: number }) => [f.name, f.bytes, f.version]).sort()).toEqual([
      ['Résumé notes.md', notes.length, 1],
      ['meeting-notes-system.zip', zip.length, 1],
    ]);
    // The bytes went to the configured driver only.
    expect(await readdir(fixture.storageDir)).toEqual(driver === 'disk' ? ['sha256'] : []);
  });

  it('streams the whole file with its type, name, length and validators, and records the download', async () => {
    const { url, expiresAt } = await link();
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(590_000);
    const answer = await get(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="meeting-notes-system.zip"; filename*=UTF-8''meeting-notes-system.zip`);
    expect(answer.headers.get('content-length')).toBe(String(zip.length));
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect(answer.headers.get('etag')).toBe(`"${sha256(zip)}"`);
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await answer.arrayBuffer()).equals(zip)).toBe(true);
    const item = await eventually(
      () => callFn(site.url, 'getLibraryItem', { resourceId: 'meeting-notes-system' }, { cookie: buyer, method: 'GET' }),
      (a) => a.result?.lastDownloadedAt !== null,
    );
    expect(item.result.files.find((f: { name: string }) => f.name === 'meeting-notes-system.zip').lastDownloadedAt).toBe(item.result.lastDownloadedAt);
  });

  it('names a non-ASCII file with an ASCII fallback and RFC 5987', async () => {
    const answer = await get((await link('Résumé notes.md')).url);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="R_sum_ notes.md"; filename*=UTF-8''R%C3%A9sum%C3%A9%20notes.md`);
    expect(answer.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(Buffer.from(await answer.arrayBuffer()).equals(notes)).toBe(true);
  });

  it('answers a byte range with 206 and Content-Range; a range from the middle is not another download', async () => {
    const { url } = await link();
    const before = await downloadCount(site, 'meeting-notes-system.zip');
    const answer = await get(url, { range: 'bytes=1000-1999' });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe(`bytes 1000-1999/${zip.length}`);
    expect(answer.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await answer.arrayBuffer()).equals(zip.subarray(1000, 2000))).toBe(true);
    const tail = await get(url, { range: 'bytes=-100' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(zip.subarray(zip.length - 100))).toBe(true);
    const whole = await get(url);
    await whole.arrayBuffer();
    await eventually(
      () => downloadCount(site, 'meeting-notes-system.zip'),
      (n) => n === before + 1,
    );
  });

  it('answers a range past the end with 416 and the size', async () => {
    const answer = await get((await link()).url, { range: `bytes=${zip.length}-` });
    expect(answer.status).toBe(416);
    expect(answer.headers.get('content-range')).toBe(`bytes */${zip.length}`);
  });

  it('refuses a forged or tampered link with 403: a page for a browser, JSON otherwise', async () => {
    const { url } = await link();
    const [, , , token, name] = url.split('/') as [string, string, string, string, string];
    const [payload, mac] = token.split('.') as [string, string];
    const tampered = Buffer.from(JSON.stringify(grantOf(url).map((v, i) => (i === 2 ? 'Résumé notes.md' : v))), 'utf8').toString('base64url');
    const page = await get(`/library/files/${tampered}.${mac}/${name}`, { accept: 'text/html' });
    expect(page.status).toBe(403);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('This download link is not valid');
    expect(html).toContain('href="/library"');
    const json = await get(`/library/files/${payload}.${mac.slice(0, -3)}/${name}`, { accept: 'application/json' });
    expect(json.status).toBe(403);
    expect(await json.json()).toEqual({ error: { code: 'library.link_invalid', message: expect.stringContaining('not valid') } });
    expect((await get('/library/files/nonsense', { accept: 'text/html' })).status).toBe(403);
    const hostile = await get('/library/files/%00/x', { accept: 'text/html' });
    expect(hostile.status).toBe(403);
    expect(await hostile.text()).toContain('This download link is not valid');
  });

  it("refuses another account's link with 403, and a signed-out visitor with 401", async () => {
    const { url } = await link();
    const other = await signUpOverHttp(site, `other-${driver}@example.com`);
    const page = await fetch(`${site.url}${url}`, { headers: { cookie: other, accept: 'text/html' } });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain('This link was made for another account');
    expect(html).toContain('href="/library/meeting-notes-system"');
    // The site's own page, in its frame (header, main, footer), not a bare one.
    expect(html).toMatch(/<main id="main"[^>]*>[\s\S]*This link was made for another account[\s\S]*<\/main>[\s\S]*<footer/);
    const signedOut = await fetch(`${site.url}${url}`, { headers: { accept: 'text/html' } });
    expect(signedOut.status).toBe(401);
    const signIn = await signedOut.text();
    expect(signIn).toContain('<main id="main"');
    expect(signIn).toContain('Sign in to download');
    expect(signIn).toContain(`href="/?sign_in=open&amp;redirect_url=${encodeURIComponent('/library/meeting-notes-system')}"`);
  });

  it('refuses an expired link with 410 and says how to get a fresh one', async () => {
    const [userId, resourceId, fileName, version] = grantOf((await link()).url);
    const { token } = siteLinks.sign({ userId, resourceId, fileName, version }, new Date(Date.now() - 11 * 60_000));
    const page = await get(siteLinks.path(token, fileName), { accept: 'text/html,application/xhtml+xml' });
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('This download link has expired');
    expect(html).toContain('Get a fresh link from your library');
    expect(html).toContain('href="/library/meeting-notes-system"');
    const json = await get(siteLinks.path(token, fileName), { accept: 'application/json' });
    expect((await json.json()).error.code).toBe('library.link_expired');
  });

  it('sends a signed-out visitor to sign in and back to the library page they asked for', async () => {
    expect((await callFn(site.url, 'getLibrary', {}, { method: 'GET' })).redirect).toMatchObject({
      to: '/',
      search: { sign_in: 'open', redirect_url: '/library' },
    });
    expect((await callFn(site.url, 'getLibraryItem', { resourceId: 'meeting-notes-system' }, { method: 'GET' })).redirect?.search).toEqual({
      sign_in: 'open',
      redirect_url: '/library/meeting-notes-system',
    });
    expect((await callFn(site.url, 'getLibraryAccess', { resourceId: 'meeting-notes-system' }, { method: 'GET' })).result).toEqual({
      signedIn: false,
      access: null,
    });
  });

  it('makes no link for someone who does not own the resource, or for a file it does not have', async () => {
    const stranger = await signUpOverHttp(site, `stranger-${driver}@example.com`);
    const refused = await callFn(
      site.url,
      'createDownloadLink',
      { resourceId: 'meeting-notes-system', fileName: 'meeting-notes-system.zip' },
      { cookie: stranger },
    );
    expect(refused.status).toBe(404);
    expect(refused.error).toMatchObject({ code: 'library.not_entitled', message: expect.stringContaining('Buy it from its page') });
    const missing = await callFn(site.url, 'createDownloadLink', { resourceId: 'meeting-notes-system', fileName: 'nope.zip' }, { cookie: buyer });
    expect(missing.error?.code).toBe('library.file_not_found');
    expect((await callFn(site.url, 'createDownloadLink', { resourceId: 'meeting-notes-system', fileName: 'meeting-notes-system.zip' })).status).toBe(401);
  });

  it('answers hostile input with 400 and its issues, never a 5xx', async () => {
    for (const input of [
      { resourceId: 'a\u0000b', fileName: 'x' },
      { resourceId: 'meeting-notes-system', fileName: '\uD800' },
      { resourceId: 'x'.repeat(100_000), fileName: 'x' },
    ]) {
      const answer = await callFn(site.url, 'createDownloadLink', input, { cookie: buyer });
      expect(answer.status).toBe(400);
      expect(answer.error?.code).toBe('VALIDATION_FAILED');
    }
    const item = await callFn(site.url, 'getLibraryItem', { resourceId: '%00\u0000' }, { cookie: buyer, method: 'GET' });
    expect(item.status).toBe(400);
    expect((await callFn(site.url, 'getLibraryItem', { resourceId: 'no-such-resource' }, { cookie: buyer, method: 'GET' })).status).toBe(404);
    expect((await callFn(site.url, 'getLibraryItem', { resourceId: 'lifetime-license' }, { cookie: buyer, method: 'GET' })).error?.code).toBe('NOT_FOUND');
  });
});

async function downloadCount(site: SiteServer, fileName: string): Promise<number> {
  const client = new Client({ connectionString: site.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("select count(*)::text as n from events where type = 'ResourceDownloaded' and data->>'fileName' = $1", [
      fileName,
    ]);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

import { randomBytes } from 'node:crypto';
import { libraryFixture, sha256, type LibraryFixture } from '../../support/library-fixture';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

const ADMIN_TOKEN = 'library-admin-token-0123456789';
const SUPPORT = 'library-upload-support@example.com';
const built = Buffer.from('# Meeting notes\n', 'utf8');

let site: SiteServer;
let fixture: LibraryFixture;
let adminCookie: string;
let buyer: string;
let support: string;
beforeAll(async () => {
  fixture = await libraryFixture([{ resourceId: 'meeting-notes-system', name: 'meeting-notes.md', contentType: 'text/markdown; charset=utf-8', bytes: built }]);
  site = await startAddressableSite('library-admin-upload', {
    LIBRARY_DIST: fixture.dir,
    STORAGE_DIR: fixture.storageDir,
    ADMIN_TOKEN,
    LIBRARY_UPLOAD_MAX_MB: '1',
    LOCAL_SUPPORT_EMAILS: SUPPORT,
  });
  const signedIn = await fetch(`${site.url}/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${ADMIN_TOKEN}`,
    redirect: 'manual',
  });
  adminCookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  buyer = await signUpOverHttp(site, 'admin-upload-buyer@example.com');
  support = await signUpOverHttp(site, SUPPORT, 'Sam Support');
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
  await fixture?.remove();
});

const upload = (bytes: Buffer, fields: Record<string, string> = {}, cookie = adminCookie, origin = site.url) => {
  const form = new FormData();
  form.set('resourceId', fields.resourceId ?? 'meeting-notes-system');
  form.set('fileName', fields.fileName ?? 'meeting-notes.md');
  form.set('file', new Blob([new Uint8Array(bytes)]), 'upload.md');
  return fetch(`${site.url}/admin/library/upload`, { method: 'POST', body: form, headers: { cookie, origin }, redirect: 'manual' });
};
const outcome = (answer: Response) => Object.fromEntries(new URL(answer.headers.get('location')!, site.url).searchParams);

describe("an admin uploads a new version of a resource's file", () => {
  it('lists the current files for an admin only', async () => {
    const listed = await callFn(site.url, 'adminListLibraryFiles', {}, { cookie: adminCookie, method: 'GET' });
    expect(listed.result).toMatchObject({
      maxUploadMb: 1,
      files: [{ resourceId: 'meeting-notes-system', name: 'meeting-notes.md', version: 1, source: 'build', bytes: built.length }],
    });
    expect((await callFn(site.url, 'adminListLibraryFiles', {}, { cookie: buyer, method: 'GET' })).status).toBe(403);
  });

  it('publishes the upload as the next version, and customers download it from then on', async () => {
    const next = Buffer.from('# Meeting notes, revised\n\n- Decisions\n', 'utf8');
    const answer = await upload(next);
    expect(answer.status).toBe(303);
    expect(outcome(answer)).toEqual({ uploaded: 'meeting-notes.md', version: '2' });
    const link = await callFn(site.url, 'createDownloadLink', { resourceId: 'meeting-notes-system', fileName: 'meeting-notes.md' }, { cookie: buyer });
    expect(link.result.version).toBe(2);
    const file = await fetch(`${site.url}${link.result.url}`, { headers: { cookie: buyer } });
    expect(file.headers.get('etag')).toBe(`"${sha256(next)}"`);
    expect(Buffer.from(await file.arrayBuffer()).equals(next)).toBe(true);
    expect(outcome(await upload(next))).toEqual({ problem: 'same_bytes' });
  });

  it('refuses a support account (only an owner replaces what customers download), and customers keep the owner’s version', async () => {
    const replaced = Buffer.from('# Replaced by support\n', 'utf8');
    expect(outcome(await upload(replaced, {}, support))).toEqual({ problem: 'owner_only' });
    const link = await callFn(site.url, 'createDownloadLink', { resourceId: 'meeting-notes-system', fileName: 'meeting-notes.md' }, { cookie: buyer });
    expect(link.result.version).toBe(2);
    const file = await fetch(`${site.url}${link.result.url}`, { headers: { cookie: buyer } });
    expect(Buffer.from(await file.arrayBuffer()).equals(replaced)).toBe(false);
  });

  it('keeps each upload in /admin/audit with the owner who sent it and what came of it', async () => {
    const audited = await eventually(
      () => callFn(site.url, 'getSupportAudit', { kind: 'uploadLibraryFile' }, { cookie: support, method: 'GET' }),
      (a) => a.result?.entries.length >= 2,
    );
    expect(audited.result.entries.slice(-2)).toEqual([
      expect.objectContaining({ target: 'meeting-notes-system/meeting-notes.md', status: 'failed', code: 'upload.same_bytes' }),
      expect.objectContaining({
        target: 'meeting-notes-system/meeting-notes.md',
        actor: { id: 'admin-token', role: 'owner' },
        status: 'succeeded',
        outcome: 'Published version 2 of meeting-notes.md',
      }),
    ]);
  });

  it('refuses a file over the limit, an unknown file, a non-admin and a cross-site post, changing nothing', async () => {
    expect(outcome(await upload(randomBytes(1024 * 1024 + 1)))).toEqual({ problem: 'too_large' });
    expect(outcome(await upload(Buffer.from('x'), { fileName: 'nope.md' }))).toEqual({ problem: 'unknown_file' });
    expect(outcome(await upload(Buffer.from('x'), { resourceId: 'a\u0000b' }))).toEqual({ problem: 'unknown_file' });
    expect(outcome(await upload(Buffer.from('x'), {}, buyer))).toEqual({ problem: 'forbidden' });
    expect(outcome(await upload(Buffer.from('x'), {}, adminCookie, 'https://evil.example'))).toEqual({ problem: 'cross_site' });
    const listed = await callFn(site.url, 'adminListLibraryFiles', {}, { cookie: adminCookie, method: 'GET' });
    expect(listed.result.files[0]).toMatchObject({ version: 2, source: 'admin' });
  });
});

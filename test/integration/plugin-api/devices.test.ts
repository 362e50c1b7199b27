import { createHash, randomUUID } from 'node:crypto';
import { validateLicense } from '../../support/plugin-admission-decoder';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';
import { formatDayTime } from '../../../contracts/dates';

let site: SiteServer;
beforeAll(async () => {
  site = await startAddressableSite('devices');
}, 90_000);
afterAll(() => site?.stop());

const dashboard = (cookie: string) => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' });
const newDevice = () => `vault-${randomUUID()}`;
const hashOf = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

/** starter-monthly: one seat, 3 devices on it. */
async function buy(email: string, resourceId = 'starter-monthly'): Promise<{ cookie: string; key: string; licenseId: string; devicesPerSeat: number }> {
  const cookie = await signUpOverHttp(site, email);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity: 1 }, { cookie });
  await chooseOnHostedCheckout(started.result.url, 'pay');
  const data = await eventually(
    () => dashboard(cookie),
    (d) => d.result?.licenses.length === 1,
  );
  const license = data.result.licenses[0];
  return { cookie, key: license.key, licenseId: license.licenseId, devicesPerSeat: license.devicesPerSeat };
}

/** A check from a device, as a plugin that names its device would send it. */
async function check(key: string, deviceId: string | null, name?: string) {
  const answer = await validateLicense(site.url, key, {
    ...(deviceId ? { 'x-systemsculpt-device-id': deviceId } : {}),
    ...(name ? { 'x-systemsculpt-device-name': name } : {}),
  });
  return { ...answer, message: (JSON.parse(answer.raw) as { message: string }).message };
}

const release = (cookie: string, licenseId: string, deviceId: string) =>
  callFn(site.url, 'releaseLicenseDevice', { licenseId, deviceHash: hashOf(deviceId) }, { cookie });
const ownerSeat = async (cookie: string) => (await dashboard(cookie)).result.licenses[0].deviceSeats[0];

describe('device activations through GET /api/plugin/license/validate', () => {
  it("admits up to the seat's devices; the next new device gets 403 revoked saying what to do; no device header is admitted as before", async () => {
    const owner = await buy('devices-full@example.com');
    expect(owner.devicesPerSeat).toBe(3);
    const devices = [newDevice(), newDevice(), newDevice()];
    for (const [i, device] of devices.entries())
      expect((await check(owner.key, device, `Vault ${i + 1}`)).reading).toMatchObject({ kind: 'answer', code: 'allowed' });
    expect((await check(owner.key, devices[0]!)).status).toBe(200);

    const extra = newDevice();
    const refused = await check(owner.key, extra, 'One too many');
    expect(refused.status).toBe(403);
    expect(refused.reading).toMatchObject({ kind: 'answer', code: 'license_rejected', reason: 'revoked', dropsCachedLicense: true });
    expect(refused.message).toBe('This license is in use on its 3 devices for this seat. Release a device in Dashboard → License to use it here.');
    expect(refused.raw).not.toContain(extra);

    expect((await check(owner.key, null)).reading).toMatchObject({ code: 'allowed' });
    expect((await check(owner.key, 'bad id!')).reading).toMatchObject({ code: 'allowed' });

    const seat = await eventually(
      () => ownerSeat(owner.cookie),
      (s) => s.devices.length === devices.length && s.devices.every((d: { lastSeenAt: string | null }) => d.lastSeenAt !== null),
    );
    expect(seat).toMatchObject({ seat: 'owner', coolingUntil: [], recentReleases: 0 });
    expect(seat.devices.map((d: { deviceHash: string; name: string; pluginVersion: string }) => [d.deviceHash, d.name, d.pluginVersion])).toEqual(
      devices.map((d, i) => [hashOf(d), `Vault ${i + 1}`, '4.2.0']),
    );
    // The checks' log is written in batches every 200 ms: the refusal shows once its batch is in.
    const refusedCheck = (checks: Array<{ code: string; reason: string | null }>) =>
      checks.some((c) => c.code === 'license_rejected' && c.reason === 'device_limit');
    await eventually(async () => (await dashboard(owner.cookie)).result.licenses[0].recentChecks, refusedCheck);
  });

  it('a release frees the slot at once twice; the third in 30 days cools down for 24 hours', async () => {
    const owner = await buy('devices-release@example.com');
    const [a, b, c, d, e, f] = Array.from({ length: 6 }, newDevice);
    for (const device of [a!, b!, c!]) expect((await check(owner.key, device)).status).toBe(200);
    expect((await check(owner.key, d!)).status).toBe(403);

    const first = await release(owner.cookie, owner.licenseId, a!);
    expect(first.result).toMatchObject({ released: true });
    expect(Date.parse(first.result.slotFreeAt)).toBeLessThanOrEqual(Date.now());
    expect((await ownerSeat(owner.cookie)).devices.map((x: { deviceHash: string }) => x.deviceHash)).toEqual([hashOf(b!), hashOf(c!)]);
    expect((await check(owner.key, d!)).status).toBe(200);

    expect((await release(owner.cookie, owner.licenseId, b!)).result).toMatchObject({ released: true });
    expect((await check(owner.key, e!)).status).toBe(200);

    const third = await release(owner.cookie, owner.licenseId, c!);
    expect(third.result.released).toBe(true);
    const coolsFor = Date.parse(third.result.slotFreeAt) - Date.now();
    expect(coolsFor).toBeGreaterThan(23.9 * 3_600_000);
    expect(coolsFor).toBeLessThanOrEqual(24 * 3_600_000);
    const cooling = await check(owner.key, f!);
    expect(cooling.status).toBe(403);
    expect(cooling.message).toContain(`A recently released device's slot frees at ${formatDayTime(third.result.slotFreeAt)}.`);
    expect(await ownerSeat(owner.cookie)).toMatchObject({ coolingUntil: [third.result.slotFreeAt], recentReleases: 3 });

    expect((await release(owner.cookie, owner.licenseId, c!)).result).toEqual({ released: false, slotFreeAt: null });
  });

  it('only the owner releases: a stranger gets 404 and nothing changes; bad input is refused with its issues', async () => {
    const owner = await buy('devices-guarded@example.com');
    const device = newDevice();
    expect((await check(owner.key, device)).status).toBe(200);
    // The activation reaches the dashboard through its projector: wait for it, so "nothing changes" has a baseline.
    await eventually(
      () => ownerSeat(owner.cookie),
      (seat) => seat.devices.length === 1,
    );
    const stranger = await signUpOverHttp(site, 'devices-stranger@example.com');
    const attempt = await release(stranger, owner.licenseId, device);
    expect(attempt.status).toBe(404);
    expect((await ownerSeat(owner.cookie)).devices).toHaveLength(1);

    const bad = await callFn(site.url, 'releaseLicenseDevice', { licenseId: 'lic_nope', deviceHash: 'not-a-hash' }, { cookie: owner.cookie });
    expect(bad.status).toBe(400);
    expect((bad.error?.issues as Array<{ path: string[] }>).map((i) => i.path.join('.')).sort()).toEqual(['deviceHash', 'licenseId']);
  });

  it("a rotated key keeps the license's activations: a known device takes no new slot, the limit still holds", async () => {
    const owner = await buy('devices-rotated@example.com');
    const devices = [newDevice(), newDevice(), newDevice()];
    for (const device of devices) expect((await check(owner.key, device)).status).toBe(200);
    const before = await eventually(
      () => ownerSeat(owner.cookie),
      (seat) => seat.devices.length === 3,
    );
    await callFn(site.url, 'rotateLicenseKey', { licenseId: owner.licenseId }, { cookie: owner.cookie });
    const newKey = (await dashboard(owner.cookie)).result.licenses[0].key as string;
    expect(newKey).not.toBe(owner.key);
    for (const device of devices) expect((await check(newKey, device)).status).toBe(200);
    expect((await check(newKey, newDevice())).status).toBe(403);
    expect((await ownerSeat(owner.cookie)).devices.map((x: { deviceHash: string; activatedAt: string }) => [x.deviceHash, x.activatedAt])).toEqual(
      before.devices.map((x: { deviceHash: string; activatedAt: string }) => [x.deviceHash, x.activatedAt]),
    );
  });

  it("8 new devices checking at once never take more than the seat's slots", async () => {
    const owner = await buy('devices-race@example.com');
    const answers = await Promise.all(Array.from({ length: 8 }, () => check(owner.key, newDevice())));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 403, 403, 403, 403, 403]);
    const seat = await eventually(
      () => ownerSeat(owner.cookie),
      (s) => s.devices.length >= 3,
    );
    expect(seat.devices).toHaveLength(3);
  });
});

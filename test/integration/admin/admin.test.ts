import type { INestApplicationContext } from '@nestjs/common';
import { createWorker } from '../../../backend/src/worker';
import { testConfig } from '../../support/test-config';
import { startTestApi, type TestApi } from '../../support/test-api';
import { eventually } from '../../support/waits';

const ADMIN_TOKEN = 'integration-admin-token-0123456789';
let api: TestApi;
let worker: INestApplicationContext;
let cookie: string;

beforeAll(async () => {
  api = await startTestApi({ env: { ADMIN_TOKEN } });
  worker = await createWorker(testConfig({ ADMIN_TOKEN }));
});
afterAll(async () => {
  await worker.close();
  await api.close();
});

const signIn = (token: string) => fetch(`${api.url}/admin/session`, { method: 'POST', body: new URLSearchParams({ token }), redirect: 'manual' });

async function call(id: string, payload: unknown, options: { cookie?: string; method?: 'GET' | 'POST' } = {}) {
  const headers: Record<string, string> = options.cookie ? { cookie: options.cookie } : {};
  const response =
    options.method === 'POST'
      ? await fetch(`${api.url}/_serverFn/${id}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        })
      : await fetch(`${api.url}/_serverFn/${id}?payload=${encodeURIComponent(JSON.stringify(payload))}`, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('someone who is not an administrator', () => {
  it.each([
    ['adminListEvents', {}, 'GET'],
    ['adminListStreams', {}, 'GET'],
    ['adminGetProjectors', {}, 'GET'],
    ['adminStartReplay', { projector: 'StreamSummaryProjector' }, 'POST'],
    ['adminGetReplay', { replayId: '6f9b2c1e-4d3a-4b8e-9f0a-1c2d3e4f5a6b' }, 'GET'],
  ] as const)('gets 403 from %s', async (id, payload, method) => {
    expect((await call(id, payload, { method })).status).toBe(403);
    expect((await call(id, payload, { method, cookie: 'sculpt_admin=forged' })).status).toBe(403);
  });

  it('is sent back to the sign-in with a wrong token, and gets no cookie', async () => {
    const response = await signIn('not-the-token-at-all');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/admin?signin=failed');
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('an administrator', () => {
  beforeAll(async () => {
    const response = await signIn(ADMIN_TOKEN);
    expect(response.status).toBe(303);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toContain(ADMIN_TOKEN);
    cookie = setCookie.split(';')[0]!;
  });

  it('rebuilds a read model from the admin functions and sees the progress, then the events that record it', async () => {
    const start = await call('adminStartReplay', { projector: 'StreamSummaryProjector' }, { cookie, method: 'POST' });
    expect(start.status).toBe(200);
    const { replayId } = start.body.result;

    const status: Record<string, any> = await eventually(
      'the replay has ended',
      async () => (await call('adminGetReplay', { replayId }, { cookie })).body.result,
      (replay) => replay.state === 'completed' || replay.state === 'failed',
      10_000,
      50,
    );
    expect(status).toMatchObject({ replayId, projector: 'StreamSummaryProjector', state: 'completed', phase: 'done' });

    const { body } = await call('adminListEvents', { streamId: `replay-${replayId}` }, { cookie });
    expect(body.result.events.map((e: { type: string }) => e.type)).toEqual(['ReplayCompleted', 'ReplayRequested']);
    expect(body.result.events[1].metadata.actor).toEqual({ kind: 'admin', userId: 'admin-token' });
  });

  it('refuses an unknown read model with its code', async () => {
    const { status, body } = await call('adminStartReplay', { projector: 'NoSuchProjector' }, { cookie, method: 'POST' });
    expect(status).toBe(400);
    expect(body.error.code).toBe('admin.unknown_projector');
  });

  it('lists projectors with their checkpoint and lag', async () => {
    const { body } = await call('adminGetProjectors', {}, { cookie });
    const summary = body.result.projectors.find((p: { name: string }) => p.name === 'StreamSummaryProjector');
    expect(summary).toMatchObject({ tables: ['rm_streams'] });
    expect(typeof summary.lag).toBe('number');
    expect(BigInt(body.result.headPosition)).toBeGreaterThan(0n);
  });

  it('filters events by type and pages backwards', async () => {
    const { body } = await call('adminListEvents', { type: 'ReplayRequested', limit: 1 }, { cookie });
    expect(body.result.events).toHaveLength(1);
    expect(body.result.types).toContain('ReplayRequested');
  });

  it('refuses a bad filter with a 400 and its zod issues', async () => {
    const { status, body } = await call('adminListEvents', { limit: 5000, from: 'yesterday' }, { cookie });
    expect(status).toBe(400);
    expect(body.error.issues.map((i: { path: string[] }) => i.path[0]).sort()).toEqual(['from', 'limit']);
  });
});

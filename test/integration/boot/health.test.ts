import { Agent, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { startTestApi, type TestApi } from '../../support/test-api';

describe('with Postgres and Redis up', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('GET /healthz answers 200', async () => {
    const response = await fetch(`${api.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /readyz answers 200 with both checks passing', async () => {
    const response = await fetch(`${api.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', postgres: { ok: true }, redis: { ok: true } });
  });

  it('GET /readyz says whether the catalog caches hear changes, without making it a condition of readiness', async () => {
    const body = (await (await fetch(`${api.url}/readyz`)).json()) as { status: string; catalogChanges?: string };
    expect(body.status).toBe('ready');
    expect(['listening', 'not listening']).toContain(body.catalogChanges);
  });

  it('keeps an idle connection open longer than the proxy in front does (nginx: 60 s), and says so to clients', async () => {
    const response = await fetch(`${api.url}/healthz`);
    await response.arrayBuffer();
    // The proxy or client must be the side that closes an idle connection, or its next request races the close.
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });
});

describe('with Redis unreachable', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => api.close());

  it('GET /readyz answers 503 and names Redis', async () => {
    const response = await fetch(`${api.url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'not-ready', postgres: { ok: true }, redis: { ok: false } });
  });

  it('GET /healthz still answers 200: the process itself is alive', async () => {
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
  });
});

describe('getServiceStatus, the public status page data', () => {
  it('reports every component operational when both stores answer', async () => {
    const api = await startTestApi();
    try {
      const body = (await (await fetch(`${api.url}/_serverFn/getServiceStatus`)).json()) as {
        result: { overall: string; components: { id: string; status: string }[] };
      };
      expect(body.result.overall).toBe('operational');
      expect(body.result.components.map((c) => c.status)).toEqual(['operational', 'operational', 'operational']);
    } finally {
      await api.close();
    }
  });

  it('reports fulfilment degraded when Redis is down', async () => {
    const api = await startTestApi({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const body = (await (await fetch(`${api.url}/_serverFn/getServiceStatus`)).json()) as {
        result: { overall: string; components: { id: string; status: string }[] };
      };
      expect(body.result.overall).toBe('degraded');
      expect(body.result.components.find((c) => c.id === 'background-jobs')?.status).toBe('outage');
    } finally {
      await api.close();
    }
  });
});

describe('stopping', () => {
  it('closes a kept-alive connection that was answering as the stop began once it is idle, instead of holding the stop up for 65 s', async () => {
    const api = await startTestApi();
    const server = api.app.getHttpServer() as Server;
    const agent = new Agent({ keepAlive: true });
    const request = httpRequest(`${api.url}/_serverFn/submitContactMessage`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': '2', origin: api.url },
    });
    const socketClosed = new Promise<void>((resolve) => request.on('socket', (socket) => socket.once('close', () => resolve())));
    const answered = new Promise<IncomingMessage>((resolve) => request.once('response', resolve));
    const received = new Promise((resolve) => server.once('request', resolve));
    // The request is in flight (half its body sent) when the stop begins; it is answered, kept alive, then idle.
    request.write('{');
    await received;
    const stopped = api.close();
    request.end('}');
    const response = await answered;
    expect(response.headers.connection).not.toBe('close');
    response.resume();
    await socketClosed;
    await stopped;
    agent.destroy();
    // Unfixed, the socket closes only when its 65 s idle limit passes: this test's limit is well below it.
  }, 20_000);
});

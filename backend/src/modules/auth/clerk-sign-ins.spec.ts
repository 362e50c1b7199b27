import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClerkSignIns } from './clerk-sign-ins';

interface FakeSession {
  id: string;
  userId: string;
  status: 'active' | 'revoked';
}

/** A stand-in for the two Backend API routes used, shaped as Clerk answers them. */
function fakeClerk(sessions: FakeSession[], secretKey: string): Server {
  const json = (session: FakeSession) => ({
    object: 'session',
    id: session.id,
    client_id: 'client_1',
    user_id: session.userId,
    status: session.status,
    last_active_at: 0,
    expire_at: 0,
    abandon_at: 0,
    created_at: 0,
    updated_at: 0,
  });
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://clerk.test');
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${secretKey}`) return void res.writeHead(401).end('{"errors":[]}');
    const revoke = /^\/v1\/sessions\/([^/]+)\/revoke$/.exec(url.pathname);
    if (req.method === 'POST' && revoke) {
      const session = sessions.find((s) => s.id === revoke[1])!;
      session.status = 'revoked';
      return void res.end(JSON.stringify(json(session)));
    }
    if (req.method === 'GET' && url.pathname === '/v1/sessions') {
      const matching = sessions.filter((s) => s.userId === url.searchParams.get('user_id') && s.status === url.searchParams.get('status'));
      const page = matching.slice(0, Number(url.searchParams.get('limit') ?? 10));
      return void res.end(JSON.stringify({ data: page.map(json), total_count: matching.length }));
    }
    res.writeHead(404).end('{"errors":[]}');
  });
}

describe('ClerkSignIns (sign out of all devices with Clerk)', () => {
  const secretKey = 'sk_test_fake';
  let server: Server;
  let sessions: FakeSession[];
  beforeEach(async () => {
    sessions = [
      ...Array.from({ length: 130 }, (_, i) => ({ id: `sess_${i}`, userId: 'user_me', status: 'active' as const })),
      { id: 'sess_other', userId: 'user_other', status: 'active' },
    ];
    server = fakeClerk(sessions, secretKey);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const apiUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  it('revokes every active session of the user, past the first page, and nobody else’s', async () => {
    expect(await new ClerkSignIns(secretKey, apiUrl()).revokeAll('user_me')).toBe(130);
    expect(sessions.filter((s) => s.userId === 'user_me' && s.status === 'active')).toEqual([]);
    expect(sessions.find((s) => s.id === 'sess_other')!.status).toBe('active');
  });

  it('answers 503 UNAVAILABLE when Clerk refuses or cannot be reached', async () => {
    await expect(new ClerkSignIns('sk_test_wrong', apiUrl()).revokeAll('user_me')).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    await expect(new ClerkSignIns(secretKey, 'http://127.0.0.1:9').revokeAll('user_me')).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect(sessions.every((s) => s.status === 'active')).toBe(true);
  });
});

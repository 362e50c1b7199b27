// Server functions over HTTP as the browser calls them, and accounts made through the local
// sign-in (the one-time code read from the site's own `emails` queue), for benches that drive a
// started site as a signed-in visitor. Local codes are rate limited (6 per address, 30 per IP an
// hour): a bench making many accounts gives each its own X-Forwarded-For from 198.18.0.0/15 (the
// range set aside for benchmarks; the api trusts the header from loopback).
import { Queue } from 'bullmq';

const redisUrl = () => new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0');

/** POST (or GET with ?payload=) /_serverFn/<id>; answers { status, result?, error?, setCookies }. */
export async function callFn(baseUrl, id, input, { cookie, method = 'POST', forwardedFor } = {}) {
  const url = `${baseUrl}/_serverFn/${id}${method === 'GET' ? `?payload=${encodeURIComponent(JSON.stringify(input ?? {}))}` : ''}`;
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: method === 'POST' ? JSON.stringify(input ?? {}) : undefined,
  });
  const body = await response.json();
  return { status: response.status, ...body, setCookies: response.headers.getSetCookie() };
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export const cookieJar = (setCookies) =>
  setCookies
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');

/** Creates an account through the local sign-up and returns its cookies. */
export async function signUpOverHttp(siteUrl, queuePrefix, email, name, { forwardedFor } = {}) {
  const [firstName, ...rest] = name.split(' ');
  const created = await callFn(
    siteUrl,
    'localSignUpCreate',
    { emailAddress: email, firstName, lastName: rest.join(' ') || undefined, legalAccepted: true },
    { forwardedFor },
  );
  if (!created.result) throw new Error(`sign-up refused for ${email}: ${JSON.stringify(created.error)}`);
  const code = await latestSignInCode(queuePrefix, email);
  const done = await callFn(siteUrl, 'localSignUpAttemptVerification', { attemptId: created.result.id, code }, { forwardedFor });
  if (!done.result) throw new Error(`verification refused for ${email}: ${JSON.stringify(done.error)}`);
  return cookieJar(done.setCookies);
}

/** The latest one-time code queued for `to` on the site's `emails` queue (waiting or already sent). */
async function latestSignInCode(queuePrefix, to) {
  const url = redisUrl();
  const queue = new Queue('emails', {
    connection: { host: url.hostname, port: Number(url.port || 6379), db: Number(url.pathname.slice(1) || 0) },
    prefix: queuePrefix,
  });
  try {
    for (let tries = 0; ; tries += 1) {
      const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized', 'completed', 'active']);
      const mine = jobs.filter((job) => job.name === 'sign-in-code' && job.data.to === to).sort((a, b) => b.timestamp - a.timestamp);
      if (mine[0]) return mine[0].data.data.code;
      if (tries === 20) throw new Error(`no sign-in code was queued for ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await queue.close();
  }
}

import type { EmulatorAnswer } from './emulator-store';
import { stripeError } from './emulator-errors';

const SECRET_KEY = /^sk_(test|live)_\w+$/;

/**
 * Stripe takes the secret key as a bearer token or as the user of HTTP basic auth with no password
 * (`curl -u sk_test_…:`); the emulator accepts any well-formed secret key in either form.
 * Answers the 401 when there is none.
 */
export function answerWithKey(authorization: string | undefined): EmulatorAnswer | undefined {
  if (keyOf(authorization ?? '') !== undefined) return undefined;
  return {
    status: 401,
    body: stripeError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    ),
  };
}

function keyOf(authorization: string): string | undefined {
  const [scheme = '', credentials = ''] = authorization.trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return SECRET_KEY.test(credentials) ? credentials : undefined;
  if (!/^basic$/i.test(scheme)) return undefined;
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const user = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : decoded;
  return SECRET_KEY.test(user) ? user : undefined;
}

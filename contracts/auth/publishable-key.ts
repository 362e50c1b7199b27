/**
 * A sign-in publishable key: `pk_test_` or `pk_live_` and the base64 of the frontend API host
 * followed by `$` (Clerk's format). Read the same way by the server and the browser.
 */
export interface PublishableKey {
  instanceType: 'development' | 'production';
  frontendApi: string;
}

export class PublishableKeyError extends Error {
  constructor(
    readonly code: 'missing_publishable_key' | 'invalid_publishable_key',
    message: string,
  ) {
    super(message);
    this.name = 'PublishableKeyError';
  }
}

export function parsePublishableKey(key: string | undefined | null): PublishableKey {
  const value = key?.trim() ?? '';
  if (!value)
    throw new PublishableKeyError(
      'missing_publishable_key',
      'The sign-in publishable key is missing: set CLERK_PUBLISHABLE_KEY (it starts with pk_test_ or pk_live_).',
    );
  const match = /^pk_(test|live)_([A-Za-z0-9+/]+={0,2})$/.exec(value);
  const decoded = match ? decodeBase64(match[2]!) : undefined;
  const frontendApi = decoded?.endsWith('$') ? decoded.slice(0, -1) : undefined;
  if (!match || !frontendApi || frontendApi.includes('$') || !/^[a-z0-9.-]+\.[a-z0-9-]+(:\d+)?(\/[\w./-]*)?$/i.test(frontendApi)) {
    throw new PublishableKeyError(
      'invalid_publishable_key',
      `The sign-in publishable key "${value.slice(0, 12)}…" is not valid: expected pk_test_ or pk_live_ followed by the encoded frontend API host.`,
    );
  }
  return { instanceType: match[1] === 'live' ? 'production' : 'development', frontendApi };
}

function decodeBase64(text: string): string | undefined {
  try {
    return typeof atob === 'function' ? atob(text) : undefined;
  } catch {
    return undefined;
  }
}

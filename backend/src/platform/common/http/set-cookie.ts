/** A Set-Cookie header value; `maxAgeSeconds: 0` removes the cookie. */
export function setCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds: number; httpOnly?: boolean; secure: boolean; sameSite?: 'Lax' | 'Strict' },
): string {
  const attributes = [
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
    ...(options.httpOnly === false ? [] : ['HttpOnly']),
    ...(options.secure ? ['Secure'] : []),
  ];
  return `${name}=${encodeURIComponent(value)}; ${attributes.join('; ')}`;
}

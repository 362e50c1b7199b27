import { licenseKeyHash, normaliseLicenseKey } from '../licenses';

/** A key as the plugin sent it: absent, not even shaped like a key, or the hash to look up. */
export function readKey(header: string | string[] | undefined): { kind: 'missing' } | { kind: 'malformed' } | { kind: 'key'; hash: string } {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value?.trim()) return { kind: 'missing' };
  const key = normaliseLicenseKey(value);
  return key ? { kind: 'key', hash: licenseKeyHash(key) } : { kind: 'malformed' };
}

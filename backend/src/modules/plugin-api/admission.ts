import type { AdmissionOutcome } from '../../../../contracts/plugin/admission-v1';
import { licenseKeyHash, normaliseLicenseKey } from '../licenses';
import type { KeyedLicense } from './license-lookup';

/** A key as the plugin sent it: absent, not even shaped like a key, or the hash to look up. */
export function readKey(header: string | string[] | undefined): { kind: 'missing' } | { kind: 'malformed' } | { kind: 'key'; hash: string } {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value?.trim()) return { kind: 'missing' };
  const key = normaliseLicenseKey(value);
  return key ? { kind: 'key', hash: licenseKeyHash(key) } : { kind: 'malformed' };
}

/** Whether a license lets the plugin in now: past due is allowed until its paid-through date. */
export function admit(license: KeyedLicense | null, now: Date): AdmissionOutcome {
  if (!license) return { code: 'license_rejected', reason: 'invalid' };
  if (license.retired || license.status === 'revoked') return { code: 'license_rejected', reason: 'revoked' };
  if (license.status === 'ended') return { code: 'license_rejected', reason: 'expired' };
  if (license.validUntil && license.validUntil.getTime() < now.getTime()) return { code: 'license_rejected', reason: 'expired' };
  return { code: 'allowed' };
}

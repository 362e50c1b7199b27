import { generateLicenseKey, licenseKeyHash, licenseKeyHint, sealLicenseKey } from '../license-key';

/** A fresh random key as a license stores it: sealed, hashed for look-ups, and its hint. */
export function newLicenseKey(sealingSecret: string): { sealed: string; hash: string; hint: string } {
  const key = generateLicenseKey();
  return { sealed: sealLicenseKey(key, sealingSecret), hash: licenseKeyHash(key), hint: licenseKeyHint(key) };
}

import type { AdmissionOutcome } from '../../../../contracts/plugin/admission-v1';

export type LicenseStanding = 'active' | 'past_due' | 'ended' | 'revoked';

/** What a license key names: the license (its owner's key, or a seat's), and how it stands. */
export interface KeyedLicense {
  licenseId: string;
  /** Null for the owner's key; the seat holder's address for a seat key. */
  seatEmail: string | null;
  status: LicenseStanding;
  validUntil: Date | null;
  /** A key replaced by a newer one (rotation) or a seat taken back: it answers `revoked`. */
  retired: boolean;
}

/** Whether a license lets the plugin in now: past due is allowed until its paid-through date. */
export function admit(license: KeyedLicense | null, now: Date): AdmissionOutcome {
  if (!license) return { code: 'license_rejected', reason: 'invalid' };
  if (license.retired || license.status === 'revoked') return { code: 'license_rejected', reason: 'revoked' };
  if (license.status === 'ended') return { code: 'license_rejected', reason: 'expired' };
  if (license.validUntil && license.validUntil.getTime() < now.getTime()) return { code: 'license_rejected', reason: 'expired' };
  return { code: 'allowed' };
}

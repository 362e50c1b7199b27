import { z } from 'zod';

/**
 * The plugin's `admission-v1` contract for GET /api/plugin/license/validate, exactly as the plugin
 * reads it: these keys and no others, `code` agreeing with the HTTP status, never the key itself.
 */
export const ADMISSION_CONTRACT_VERSION = 'admission-v1';
export const ADMISSION_HEADERS = {
  licenseKey: 'x-license-key',
  pluginVersion: 'x-plugin-version',
  contract: 'x-systemsculpt-admission-contract',
  client: 'x-systemsculpt-client',
  /** Optional: an opaque id the plugin keeps per vault (8–128 of A–Z, a–z, 0–9, _ and -); it takes a device slot. */
  deviceId: 'x-systemsculpt-device-id',
  /** Optional: the device's label for the dashboard (at most 60 characters are kept). */
  deviceName: 'x-systemsculpt-device-name',
} as const;

export const REJECTION_REASONS = ['invalid', 'expired', 'revoked'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

const base = { contract_version: z.literal(ADMISSION_CONTRACT_VERSION), message: z.string().min(1), request_id: z.string().min(1) };

export const admissionResponseSchema = z.discriminatedUnion('code', [
  z.strictObject({ ...base, code: z.literal('allowed') }),
  z.strictObject({ ...base, code: z.literal('license_required') }),
  z.strictObject({ ...base, code: z.literal('license_rejected'), reason: z.enum(REJECTION_REASONS) }),
  z.strictObject({ ...base, code: z.literal('rate_limited') }),
  z.strictObject({ ...base, code: z.literal('temporarily_unavailable'), retryable: z.literal(true), grace_eligible: z.literal(true) }),
]);
export type AdmissionResponse = z.output<typeof admissionResponseSchema>;
export type AdmissionCode = AdmissionResponse['code'];

export const ADMISSION_STATUS: Record<AdmissionCode, number> = {
  allowed: 200,
  license_required: 401,
  license_rejected: 403,
  rate_limited: 429,
  temporarily_unavailable: 503,
};

export type AdmissionOutcome =
  | { code: 'allowed' }
  | { code: 'license_required' }
  | { code: 'license_rejected'; reason: RejectionReason }
  | { code: 'rate_limited' }
  | { code: 'temporarily_unavailable' };

const MESSAGES: Record<AdmissionCode, string> & Record<`license_rejected:${RejectionReason}`, string> = {
  allowed: 'License is active.',
  license_required: 'Add your license key in the plugin settings (Account tab).',
  license_rejected: 'This license key was not accepted.',
  'license_rejected:invalid': 'This license key is not recognised. Check that it was pasted completely.',
  'license_rejected:expired': 'This license has expired. Renew your subscription to keep using SystemSculpt AI.',
  'license_rejected:revoked': 'This license key is no longer valid. Use the current key from your dashboard.',
  rate_limited: 'Too many license checks. The plugin will try again later.',
  temporarily_unavailable: 'License checks are temporarily unavailable. Your plugin keeps working meanwhile.',
};

/**
 * The status and body for an outcome; the body passes the schema above by construction. `message`
 * replaces the standard one when the outcome needs saying more precisely (a seat's devices full).
 */
export function admissionResponse(outcome: AdmissionOutcome, requestId: string, message?: string): { status: number; body: AdmissionResponse } {
  const common = { contract_version: ADMISSION_CONTRACT_VERSION, request_id: requestId } as const;
  const status = ADMISSION_STATUS[outcome.code];
  switch (outcome.code) {
    case 'license_rejected':
      return { status, body: { ...common, code: outcome.code, message: message || MESSAGES[`license_rejected:${outcome.reason}`], reason: outcome.reason } };
    case 'temporarily_unavailable':
      return { status, body: { ...common, code: outcome.code, message: message || MESSAGES.temporarily_unavailable, retryable: true, grace_eligible: true } };
    default:
      return { status, body: { ...common, code: outcome.code, message: message || MESSAGES[outcome.code] } };
  }
}

const CREDENTIAL_KEYS = ['license_key', 'licenseKey', 'credential', 'token'];

/**
 * Reads a response as the plugin does: anything off-contract (a status that disagrees with the
 * code, an extra key, a credential echoed back) counts as "service unavailable".
 */
export function readAdmissionResponse(status: number, body: unknown): AdmissionResponse | 'service_unavailable' {
  if (typeof body === 'object' && body !== null && CREDENTIAL_KEYS.some((key) => key in body)) return 'service_unavailable';
  const parsed = admissionResponseSchema.safeParse(body);
  if (!parsed.success || ADMISSION_STATUS[parsed.data.code] !== status) return 'service_unavailable';
  return parsed.data;
}

/**
 * How the plugin reads GET /api/plugin/license/validate, written from plugin-facts.md ("License
 * and credits, as the plugin sees them") and independent of the site's own contract code: exactly
 * these keys, `code` agreeing with the status, never a credential; anything else is "service
 * unavailable" to the plugin.
 */
const STATUS_OF_CODE: Record<string, number> = { allowed: 200, license_required: 401, license_rejected: 403, rate_limited: 429, temporarily_unavailable: 503 };
const BASE_KEYS = ['code', 'contract_version', 'message', 'request_id'];
const KEYS_OF_CODE: Record<string, string[]> = {
  allowed: BASE_KEYS,
  license_required: BASE_KEYS,
  license_rejected: [...BASE_KEYS, 'reason'],
  rate_limited: BASE_KEYS,
  temporarily_unavailable: [...BASE_KEYS, 'grace_eligible', 'retryable'],
};
const CREDENTIALS = ['license_key', 'licenseKey', 'credential', 'token'];

export type PluginReading =
  | { kind: 'service_unavailable'; why: string }
  | { kind: 'answer'; code: string; reason?: string; requestId: string; retryable?: boolean; graceEligible?: boolean; dropsCachedLicense: boolean };

export function decodeAdmission(status: number, body: unknown): PluginReading {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { kind: 'service_unavailable', why: 'not a JSON object' };
  const record = body as Record<string, unknown>;
  const credential = CREDENTIALS.find((key) => key in record);
  if (credential) return { kind: 'service_unavailable', why: `echoes ${credential}` };
  if (record.contract_version !== 'admission-v1') return { kind: 'service_unavailable', why: 'wrong contract_version' };
  const code = record.code;
  if (typeof code !== 'string' || !(code in STATUS_OF_CODE)) return { kind: 'service_unavailable', why: `unknown code ${String(code)}` };
  if (STATUS_OF_CODE[code] !== status) return { kind: 'service_unavailable', why: `code ${code} with status ${status}` };
  const keys = Object.keys(record).sort();
  if (keys.join(',') !== [...KEYS_OF_CODE[code]!].sort().join(',')) return { kind: 'service_unavailable', why: `keys ${keys.join(',')}` };
  if (typeof record.message !== 'string' || !record.message || typeof record.request_id !== 'string' || !record.request_id)
    return { kind: 'service_unavailable', why: 'message or request_id' };
  if (code === 'license_rejected' && !['invalid', 'expired', 'revoked'].includes(String(record.reason)))
    return { kind: 'service_unavailable', why: `reason ${String(record.reason)}` };
  if (code === 'temporarily_unavailable' && (record.retryable !== true || record.grace_eligible !== true))
    return { kind: 'service_unavailable', why: 'retryable/grace_eligible' };
  return {
    kind: 'answer',
    code,
    requestId: record.request_id,
    ...(code === 'license_rejected' ? { reason: String(record.reason) } : {}),
    ...(code === 'temporarily_unavailable' ? { retryable: true, graceEligible: true } : {}),
    dropsCachedLicense: status === 403 && code === 'license_rejected',
  };
}

let clients = 0;
/** A different client address per check (the site trusts X-Forwarded-For from loopback), so per-IP limits stay out of the way unless a test wants them. */
const nextClient = () => `203.0.113.${(clients = (clients % 250) + 1)}`;

/** Asks as the plugin asks: its four headers, the key when there is one. */
export async function validateLicense(
  baseUrl: string,
  key: string | null,
  headers: Record<string, string> = {},
): Promise<{ status: number; reading: PluginReading; headers: Headers; raw: string }> {
  const response = await fetch(`${baseUrl}/api/plugin/license/validate`, {
    headers: {
      ...(key === null ? {} : { 'x-license-key': key }),
      'x-plugin-version': '4.2.0',
      'x-systemsculpt-admission-contract': 'admission-v1',
      'X-SystemSculpt-Client': 'obsidian-plugin',
      'x-forwarded-for': nextClient(),
      ...headers,
    },
  });
  const raw = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    body = undefined;
  }
  return { status: response.status, reading: decodeAdmission(response.status, body), headers: response.headers, raw };
}

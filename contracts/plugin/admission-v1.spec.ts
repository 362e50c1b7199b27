import { admissionResponse, readAdmissionResponse, REJECTION_REASONS, type AdmissionOutcome } from './admission-v1';

const outcomes: AdmissionOutcome[] = [
  { code: 'allowed' },
  { code: 'license_required' },
  ...REJECTION_REASONS.map((reason) => ({ code: 'license_rejected' as const, reason })),
  { code: 'rate_limited' },
  { code: 'temporarily_unavailable' },
];

describe('admission-v1', () => {
  it.each(outcomes.map((o) => [o.code + ('reason' in o ? `:${o.reason}` : ''), o] as const))('builds %s exactly as the plugin reads it', (_name, outcome) => {
    const { status, body } = admissionResponse(outcome, 'req_123');
    expect(readAdmissionResponse(status, body)).toEqual(body);
    const expectedKeys = ['code', 'contract_version', 'message', 'request_id'];
    if (outcome.code === 'license_rejected') expectedKeys.push('reason');
    if (outcome.code === 'temporarily_unavailable') expectedKeys.push('grace_eligible', 'retryable');
    expect(Object.keys(body).sort()).toEqual(expectedKeys.sort());
  });

  it('agrees status and code: 200, 401, 403, 429, 503', () => {
    expect(outcomes.map((o) => admissionResponse(o, 'r').status)).toEqual([200, 401, 403, 403, 403, 429, 503]);
  });

  it('says an outcome more precisely when asked, with exactly the same keys', () => {
    const standard = admissionResponse({ code: 'license_rejected', reason: 'revoked' }, 'r');
    const precise = admissionResponse({ code: 'license_rejected', reason: 'revoked' }, 'r', 'This license is in use on its 3 devices for this seat.');
    expect(precise.status).toBe(403);
    expect(precise.body).toEqual({ ...standard.body, message: 'This license is in use on its 3 devices for this seat.' });
    expect(readAdmissionResponse(precise.status, precise.body)).toEqual(precise.body);
    expect(admissionResponse({ code: 'allowed' }, 'r', '').body.message).toBe('License is active.');
  });

  it('reads off-contract answers as service unavailable, as the plugin does', () => {
    const allowed = admissionResponse({ code: 'allowed' }, 'r').body;
    expect(readAdmissionResponse(403, allowed)).toBe('service_unavailable');
    expect(readAdmissionResponse(200, { ...allowed, extra: 1 })).toBe('service_unavailable');
    expect(readAdmissionResponse(200, { ...allowed, license_key: 'SSAI-…' })).toBe('service_unavailable');
    expect(readAdmissionResponse(200, { ...allowed, contract_version: 'admission-v2' })).toBe('service_unavailable');
    expect(readAdmissionResponse(403, { ...admissionResponse({ code: 'license_rejected', reason: 'invalid' }, 'r').body, reason: 'lost' })).toBe(
      'service_unavailable',
    );
    expect(readAdmissionResponse(503, { ...admissionResponse({ code: 'temporarily_unavailable' }, 'r').body, retryable: false })).toBe('service_unavailable');
    expect(readAdmissionResponse(200, 'allowed')).toBe('service_unavailable');
  });
});

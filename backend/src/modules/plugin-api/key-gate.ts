import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ADMISSION_HEADERS, admissionResponse, type AdmissionOutcome, type AdmissionResponse } from '../../../../contracts/plugin/admission-v1';
import { rootLogger } from '../../common/logger';
import { RedisRateLimiter, type RateLimit } from '../../common/rate-limit/redis-rate-limiter';
import { within } from '../../common/within';
import { admit, readKey } from './admission';
import { LicenseLookup, type KeyedLicense } from './license-lookup';

/** A dependency that stalls makes the answer "temporarily unavailable", never a hung request. */
export const DEPENDENCY_TIMEOUT_MS = 2_000;

export interface KeyGateLimits {
  perKey: Omit<RateLimit, 'key'>;
  perIp: Omit<RateLimit, 'key'>;
  /** Keeps each endpoint's counters apart. */
  scope: string;
}

export type KeyGateResult = { kind: 'admitted'; license: KeyedLicense; requestId: string } | { kind: 'refused'; status: number; body: AdmissionResponse; retryAfterSeconds?: number };

/**
 * The plugin's other endpoints (credits) let in the keys license validation lets in, and refuse
 * the others with the same admission-v1 answers, so the plugin reads every refusal one way.
 */
@Injectable()
export class KeyGate {
  constructor(
    private readonly lookup: LicenseLookup,
    private readonly limiter: RedisRateLimiter,
  ) {}

  async check(req: Request, limits: KeyGateLimits): Promise<KeyGateResult> {
    const requestId = requestIdOf(req);
    const key = readKey(req.headers[ADMISSION_HEADERS.licenseKey]);
    const refuse = (outcome: AdmissionOutcome, retryAfterSeconds?: number): KeyGateResult => ({ kind: 'refused', ...admissionResponse(outcome, requestId), retryAfterSeconds });
    try {
      const hits: RateLimit[] = [{ key: `plugin:${limits.scope}:ip:${req.ip ?? 'unknown'}`, ...limits.perIp }];
      if (key.kind === 'key') hits.push({ key: `plugin:${limits.scope}:key:${key.hash}`, ...limits.perKey });
      const limited = await within(this.limiter.hit(hits), DEPENDENCY_TIMEOUT_MS, 'the rate limit');
      if (!limited.allowed) return refuse({ code: 'rate_limited' }, limited.retryAfterSeconds);
      if (key.kind === 'missing') return refuse({ code: 'license_required' });
      if (key.kind === 'malformed') return refuse({ code: 'license_rejected', reason: 'invalid' });
      const license = await within(this.lookup.find(key.hash), DEPENDENCY_TIMEOUT_MS, 'the license lookup');
      const outcome = admit(license, new Date());
      return outcome.code === 'allowed' && license ? { kind: 'admitted', license, requestId } : refuse(outcome);
    } catch (error) {
      rootLogger().warn({ reqId: requestId, err: error }, `${limits.scope}: the license could not be checked`);
      return refuse({ code: 'temporarily_unavailable' });
    }
  }
}

export function requestIdOf(req: Request): string {
  return String((req as Request & { id?: unknown }).id ?? '');
}

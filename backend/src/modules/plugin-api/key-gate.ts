import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { ADMISSION_HEADERS, type AdmissionOutcome } from '../../../../contracts/plugin/admission-v1';
import { rootLogger } from '../../platform/common/logger';
import { RedisRateLimiter, type RateLimit } from '../../platform/common/rate-limit/redis-rate-limiter';
import { within } from '../../platform/common/within';
import { admit } from '../licenses';
import { readKey } from './license-key-header';
import { LicenseLookup, type LookedUpLicense } from './license-lookup';

/** A dependency that stalls makes the answer "temporarily unavailable", never a hung request. */
export const DEPENDENCY_TIMEOUT_MS = 2_000;

export interface KeyGateLimits {
  perKey: Omit<RateLimit, 'key'>;
  perIp: Omit<RateLimit, 'key'>;
  /** Keeps each endpoint's counters apart. */
  scope: string;
}

export interface KeyGateResult {
  requestId: string;
  /** `allowed`, or why not, as admission-v1 says it. */
  outcome: AdmissionOutcome;
  /** The license the key names, when it was looked up (also for a refusal: the log names it). */
  license: LookedUpLicense | null;
  retryAfterSeconds?: number;
}

/**
 * The one way the plugin's endpoints (license validation, credits) let a key in: the rate limits
 * in Redis, then the key's license; a stalled dependency is `temporarily_unavailable`. Every
 * endpoint refuses with the same admission-v1 answers, so the plugin reads every refusal one way.
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
    const refuse = (outcome: AdmissionOutcome, retryAfterSeconds?: number): KeyGateResult => ({ requestId, outcome, license: null, retryAfterSeconds });
    try {
      const hits: RateLimit[] = [{ key: `plugin:${limits.scope}:ip:${req.ip ?? 'unknown'}`, ...limits.perIp }];
      if (key.kind === 'key') hits.push({ key: `plugin:${limits.scope}:key:${key.hash}`, ...limits.perKey });
      // Asked for beside the counters, so it costs no round trip of its own; used only if the key gets past them.
      const generation = key.kind === 'key' ? this.lookup.generation() : undefined;
      const limited = await within(this.limiter.hit(hits), DEPENDENCY_TIMEOUT_MS, 'the rate limit');
      if (!limited.allowed) return refuse({ code: 'rate_limited' }, limited.retryAfterSeconds);
      if (key.kind === 'missing') return refuse({ code: 'license_required' });
      if (key.kind === 'malformed') return refuse({ code: 'license_rejected', reason: 'invalid' });
      const license = await within(this.lookup.find(key.hash, generation), DEPENDENCY_TIMEOUT_MS, 'the license lookup');
      return { requestId, outcome: admit(license, new Date()), license };
    } catch (error) {
      rootLogger().warn({ reqId: requestId, err: error }, `${limits.scope}: the license could not be checked`);
      return refuse({ code: 'temporarily_unavailable' });
    }
  }
}

/** This request's id in our logs (pino-http's), which answers carry as request_id. */
export function requestIdOf(req: Request): string {
  return String((req as Request & { id?: unknown }).id ?? randomUUID());
}

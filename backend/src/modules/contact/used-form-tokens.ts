import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { UnavailableError } from '../../platform/common/app-error';
import { CSRF_TOKEN_HOURS } from './form-csrf';

// Past this a token is refused as expired anyway (its lifetime, plus the minute of clock skew verify allows).
const REMEMBER_MS = CSRF_TOKEN_HOURS * 3_600_000 + 2 * 60_000;

/**
 * The contact form tokens already used, so each sends one message. Kept in Redis, shared by every
 * api instance, each entry expiring once its token could no longer pass anyway: the record stays
 * as small as the tokens alive, with nothing to clean up. Only a hash of the token is kept.
 */
export class UsedFormTokens {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** True the first time a token is claimed; false every time after. */
  async claim(token: string): Promise<boolean> {
    const key = `${this.prefix}:contact-form-used:${createHash('sha256').update(token).digest('hex')}`;
    // SET NX is one step: of two requests racing with one token, exactly one claims it.
    const set = await this.redis.set(key, '1', 'PX', REMEMBER_MS, 'NX').catch(() => {
      throw new UnavailableError('We cannot take this right now; please try again in a minute.');
    });
    return set === 'OK';
  }
}

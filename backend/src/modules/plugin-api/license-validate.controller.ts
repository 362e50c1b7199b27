import { Controller, Get, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ADMISSION_HEADERS, admissionResponse } from '../../../../contracts/plugin/admission-v1';
import { rootLogger } from '../../platform/common/logger';
import { correlationIdOf } from '../../server-fn/request-context';
import type { RateLimit } from '../../platform/common/rate-limit/redis-rate-limiter';
import { within } from '../../platform/common/within';
import { licenseKeyHint, normaliseLicenseKey, ValidationLog } from '../licenses';
import { readKey } from './license-key-header';
import { ActivateDevice, readDevice, deviceLimitMessage } from '../devices';
import { DEPENDENCY_TIMEOUT_MS, KeyGate } from './key-gate';

/** The plugin checks at most daily; these leave room for several devices and retries, not for guessing keys. */
const PER_KEY: Omit<RateLimit, 'key'> = { limit: 30, windowSeconds: 60 };
const PER_IP: Omit<RateLimit, 'key'> = { limit: 120, windowSeconds: 60 };

/**
 * GET /api/plugin/license/validate, the plugin's admission-v1 contract byte for byte: the five
 * outcomes with their statuses, exactly the contract's keys, never the key itself, and a
 * request_id that is also this request's id in our logs. A check that names its device (an
 * optional header) takes one of the seat's device slots; a full seat answers `revoked`, the only
 * reason the contract has that fits, with a message saying what to do.
 */
@Controller('api/plugin/license')
export class LicenseValidateController {
  constructor(
    private readonly gate: KeyGate,
    private readonly validations: ValidationLog,
    private readonly commands: CommandBus,
  ) {}

  @Get('validate')
  async validate(@Req() req: Request, @Res() res: Response): Promise<void> {
    const key = readKey(req.headers[ADMISSION_HEADERS.licenseKey]);
    const device = readDevice(req.headers[ADMISSION_HEADERS.deviceId], req.headers[ADMISSION_HEADERS.deviceName]);
    const version = req.headers[ADMISSION_HEADERS.pluginVersion];
    const pluginVersion = typeof version === 'string' ? version : null;
    const gate = await this.gate.check(req, { perKey: PER_KEY, perIp: PER_IP, scope: 'license' });
    const { requestId, license } = gate;
    let outcome = gate.outcome;
    let deviceLimit: string | undefined;
    if (gate.retryAfterSeconds) res.setHeader('retry-after', String(gate.retryAfterSeconds));
    if (outcome.code === 'allowed' && license && device) {
      try {
        const seat = await within(
          this.commands.execute(new ActivateDevice(license, device, pluginVersion, correlationIdOf(req))),
          DEPENDENCY_TIMEOUT_MS,
          'the device activations',
        );
        if (seat.kind === 'full') {
          outcome = { code: 'license_rejected', reason: 'revoked' };
          deviceLimit = deviceLimitMessage(seat.devicesPerSeat, seat.slotFreeAt);
        }
      } catch (error) {
        rootLogger().warn({ reqId: requestId, err: error }, 'license check could not be answered');
        outcome = { code: 'temporarily_unavailable' };
      }
    }
    const { status, body } = admissionResponse(outcome, requestId, deviceLimit);
    // The log is ours: it keeps why a seat refused, which the contract can only call `revoked`.
    const reason = deviceLimit ? 'device_limit' : 'reason' in body ? body.reason : null;
    // A refusal for the rate limit is counted and sampled there (rate-limit-refusals.ts): a flood writes no line each.
    if (body.code !== 'rate_limited') rootLogger().info({ reqId: requestId, code: body.code, reason, licenseId: license?.licenseId ?? null }, 'license check');
    res.status(status).setHeader('cache-control', 'no-store').json(body);
    if (key.kind !== 'missing' && outcome.code !== 'temporarily_unavailable') {
      const raw = req.headers[ADMISSION_HEADERS.licenseKey];
      const normalised = normaliseLicenseKey(String(Array.isArray(raw) ? raw[0] : raw));
      this.validations.record({
        licenseId: license?.licenseId ?? null,
        keyHint: normalised ? licenseKeyHint(normalised) : 'not a key',
        pluginVersion,
        code: body.code,
        reason,
        requestId,
        deviceHash: device?.hash ?? null,
      });
    }
  }
}

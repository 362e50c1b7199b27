import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resource } from '../../../../../contracts/catalog/resource';
import { runCommand } from '../../../events/command-runner';
import { fold } from '../../../events/decider';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { licenseDecider } from '../licenses.decider';
import { licenseStreamId } from '../licenses.events';
import { LICENSE_SEALING_SECRET } from '../license-sealing-secret';
import { licenseTerms } from '../license-terms';
import { newLicenseKey } from './new-license-key';

export interface GrantRequest {
  licenseId: string;
  userId: string;
  email: string | null;
  resource: Resource;
  quantity: number;
  source: { checkoutRef: string | null; subscriptionId: string | null };
  validUntil: string | null;
  at: string;
}

export class GrantLicense extends Command<void> {
  constructor(
    readonly request: GrantRequest,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/** Grants the license unless it exists; a new random key is made only if it is really new. */
@CommandHandler(GrantLicense)
export class GrantLicenseHandler implements ICommandHandler<GrantLicense, void> {
  constructor(
    private readonly store: EventStore,
    @Inject(LICENSE_SEALING_SECRET) private readonly sealingSecret: string,
  ) {}

  async execute({ request, metadata }: GrantLicense): Promise<void> {
    const streamId = licenseStreamId(request.licenseId);
    if (fold(licenseDecider, await this.store.readStream(streamId, licenseDecider.events)).status !== 'none') return;
    const key = newLicenseKey(this.sealingSecret);
    const terms = licenseTerms(request.resource, request.quantity);
    const license = {
      licenseId: request.licenseId,
      userId: request.userId,
      email: request.email,
      resourceId: request.resource.id,
      ...terms,
      keySealed: key.sealed,
      keyHash: key.hash,
      keyHint: key.hint,
      source: request.source,
      validUntil: request.validUntil,
      grantedAt: request.at,
    };
    await runCommand({ store: this.store, streamId, decider: licenseDecider, command: { type: 'GrantLicense', license }, metadata });
  }
}

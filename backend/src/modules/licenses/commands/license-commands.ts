import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Resource } from '../../../../../contracts/catalog/resource';
import type { CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import type { LicenseState } from '../licenses.decider';
import { ChangeLicensePlan } from './change-license-plan.handler';
import { ChangeLicenseTerm } from './change-license-term.handler';
import { GrantLicense, type GrantRequest } from './grant-license.handler';
import { RevokeLicense } from './revoke-license.handler';

/**
 * The license commands checkout's fulfilment sends, by the names it calls them: each is only put
 * on the CommandBus (the handlers in this folder load, decide and append). Other callers send the
 * commands themselves; checkout is re-filed apart and keeps these names until it does too.
 */
@Injectable()
export class Licenses {
  constructor(private readonly commands: CommandBus) {}

  ensureGranted(request: GrantRequest, metadata: EventMetadata): Promise<void> {
    return this.commands.execute(new GrantLicense(request, metadata));
  }

  changeTerm(
    licenseId: string,
    status: 'active' | 'past_due' | 'ended',
    validUntil: string | null,
    at: string,
    metadata: EventMetadata,
  ): Promise<CommandOutcome<LicenseState>> {
    return this.commands.execute(new ChangeLicenseTerm(licenseId, status, validUntil, at, metadata));
  }

  changePlan(licenseId: string, resource: Resource, quantity: number, at: string, metadata: EventMetadata): Promise<CommandOutcome<LicenseState>> {
    return this.commands.execute(new ChangeLicensePlan(licenseId, resource, quantity, at, metadata));
  }

  revoke(licenseId: string, reason: 'refund' | 'dispute' | 'admin', at: string, metadata: EventMetadata): Promise<CommandOutcome<LicenseState>> {
    return this.commands.execute(new RevokeLicense(licenseId, reason, at, metadata));
  }
}

import { Injectable } from '@nestjs/common';
import { fold } from '../../events/decider';
import { EventStore } from '../../events/event-store';
import { licenseDecider, type LicenseState } from './licenses.decider';
import { licenseStreamId } from './licenses.events';

/** A license as its own stream has it (not the read model): for checks that must not lag a projector. */
@Injectable()
export class LicensesQueries {
  constructor(private readonly store: EventStore) {}

  async read(licenseId: string): Promise<LicenseState> {
    return fold(licenseDecider, await this.store.readStream(licenseStreamId(licenseId), licenseDecider.events));
  }
}

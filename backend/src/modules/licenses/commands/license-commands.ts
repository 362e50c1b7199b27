import { createHash } from 'node:crypto';
import type { Resource } from '../../../../../contracts/catalog/resource';
import { fold } from '../../../events/decider';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import type { EventStore } from '../../../events/event-store';
import { generateLicenseKey, licenseKeyHash, licenseKeyHint, sealLicenseKey } from '../license-key';
import { licenseDecider, type LicenseCommand, type LicenseState } from '../licenses.decider';
import { licenseStreamId, type LicenseEvent } from '../licenses.events';
import { licenseTerms } from '../license-terms';

/** A license's id follows from what granted it, so granting twice names the same license. */
export const licenseIdFor = (source: string) => `lic_${createHash('sha256').update(`license:${source}`).digest('hex').slice(0, 24)}`;

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

/** License commands: each loads the license's stream, decides, appends; repeats change nothing. */
export class Licenses {
  constructor(
    private readonly store: EventStore,
    private readonly sealingSecret: string,
  ) {}

  async read(licenseId: string): Promise<LicenseState> {
    return fold(licenseDecider, (await this.store.readStream(licenseStreamId(licenseId))) as unknown as LicenseEvent[]);
  }

  /** Grants the license unless it exists; a new random key is made only if it is really new. */
  async ensureGranted(request: GrantRequest, metadata: EventMetadata): Promise<void> {
    if ((await this.read(request.licenseId)).granted) return;
    const key = this.newKey();
    const terms = licenseTerms(request.resource, request.quantity);
    await this.run(
      request.licenseId,
      {
        type: 'GrantLicense',
        license: {
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
        },
      },
      metadata,
    );
  }

  changeTerm(licenseId: string, status: 'active' | 'past_due' | 'ended', validUntil: string | null, at: string, metadata: EventMetadata) {
    return this.run(licenseId, { type: 'ChangeLicenseTerm', status, validUntil, at }, metadata);
  }

  /** The license follows its subscription to another plan or number of seats; nothing if they are the same. */
  changePlan(licenseId: string, resource: Resource, quantity: number, at: string, metadata: EventMetadata) {
    const { plan, seats, devicesPerSeat, includedCreditsPerMonth } = licenseTerms(resource, quantity);
    return this.run(
      licenseId,
      { type: 'ChangeLicensePlan', terms: { resourceId: resource.id, plan, seats, devicesPerSeat, includedCreditsPerMonth }, at },
      metadata,
    );
  }

  revoke(licenseId: string, reason: 'refund' | 'dispute' | 'admin', at: string, metadata: EventMetadata) {
    return this.run(licenseId, { type: 'RevokeLicense', reason, at }, metadata);
  }

  addUser(licenseId: string, owner: { userId: string; name: string }, planTitle: string, email: string, metadata: EventMetadata) {
    const seatKey = this.newKey();
    return this.run(
      licenseId,
      { type: 'AddLicensedUser', ownerUserId: owner.userId, ownerName: owner.name, planTitle, email, seatKey, at: new Date().toISOString() },
      metadata,
    );
  }

  removeUser(licenseId: string, ownerUserId: string, email: string, metadata: EventMetadata) {
    return this.run(licenseId, { type: 'RemoveLicensedUser', ownerUserId, email, at: new Date().toISOString() }, metadata);
  }

  rotateKey(licenseId: string, ownerUserId: string, metadata: EventMetadata) {
    return this.run(licenseId, { type: 'RotateLicenseKey', ownerUserId, key: this.newKey(), at: new Date().toISOString() }, metadata);
  }

  private newKey() {
    const key = generateLicenseKey();
    return { sealed: sealLicenseKey(key, this.sealingSecret), hash: licenseKeyHash(key), hint: licenseKeyHint(key) };
  }

  private run(licenseId: string, command: LicenseCommand, metadata: EventMetadata) {
    return runCommand({ store: this.store, streamId: licenseStreamId(licenseId), decider: licenseDecider, command, metadata });
  }
}

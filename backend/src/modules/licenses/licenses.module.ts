import { Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { REDIS } from '../../platform/redis/redis.module';
import { deriveKey, SITE_SECRET, type SiteSecret } from '../../platform/common/secrets/site-secret';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { ProjectorRegistry } from '../../events/projector-registry';
import { CatalogModule } from '../catalog';
import { AssignSeatHandler } from './commands/assign-seat.handler';
import { ChangeLicensePlanHandler } from './commands/change-license-plan.handler';
import { ChangeLicenseTermHandler } from './commands/change-license-term.handler';
import { ExtendLicenseHandler } from './commands/extend-license.handler';
import { GrantLicenseHandler } from './commands/grant-license.handler';
import { RemoveSeatHandler } from './commands/remove-seat.handler';
import { RevokeLicenseHandler } from './commands/revoke-license.handler';
import { RotateLicenseKeyHandler } from './commands/rotate-license-key.handler';
import { LicenseChanges } from './license-changes';
import { licenseEvents } from './licenses.events';
import { LicensesQueries } from './licenses.queries';
import { LicensesServerFns } from './licenses.server-fns';
import { LICENSE_SEALING_SECRET } from './license-sealing-secret';
import { LicensesProjector } from './projections/licenses.projector';
import { SEAT_INVITATION_KEY, SeatInvitationServerFns } from './seat-invitation.server-fns';
import { licenseStreamKinds } from './licenses.stream-kinds';

export { LICENSE_SEALING_SECRET };

/** Licenses: their commands, keys (sealed with the site secret), seats and invitations, read models and change notices. */
@Module({
  imports: [CatalogModule],
  providers: [
    SeatInvitationServerFns,
    LicensesServerFns,
    { provide: SEAT_INVITATION_KEY, inject: [SITE_SECRET], useFactory: (secret: SiteSecret) => deriveKey(secret, 'seat-invitation') },
    { provide: LICENSE_SEALING_SECRET, inject: [SITE_SECRET], useFactory: (secret: SiteSecret) => deriveKey(secret, 'license-key-seal').toString('hex') },
    {
      provide: LicenseChanges,
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis) => new LicenseChanges(config.DATABASE_URL, redis, config.QUEUE_PREFIX),
    },
    LicensesQueries,
    GrantLicenseHandler,
    ChangeLicenseTermHandler,
    ExtendLicenseHandler,
    ChangeLicensePlanHandler,
    RevokeLicenseHandler,
    AssignSeatHandler,
    RemoveSeatHandler,
    RotateLicenseKeyHandler,
  ],
  exports: [LicensesQueries, LicenseChanges, LICENSE_SEALING_SECRET, SEAT_INVITATION_KEY],
})
export class LicensesModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
    @Inject(LicenseChanges) private readonly licenseChanges: LicenseChanges,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.licenseChanges.stop();
  }

  onModuleInit(): void {
    this.events.register(...licenseEvents);
    this.streamKinds.add(...licenseStreamKinds);
    this.projectors.register(new LicensesProjector());
  }
}

import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { rootLogger } from '../../platform/common/logger';
import { systemMetadata } from '../../events/metadata-for';
import { OpenHostAvailability } from '../availability';
import { DEMO_ACCOUNTS, type DemoAccounts } from './demo-accounts';
import { DEMO_HOST, DEMO_HOST_SCHEDULE } from './demo-data';

export type DemoSeedOutcome = 'seeded' | 'already-seeded';

/**
 * On the embedded defaults' first start, makes the demo host (an account of the local sign-in)
 * and opens their weekly hours, recorded as the usual HostAvailabilityChanged, so /sessions has
 * times to book. The hours are opened only if the host has none (availability's
 * OpenHostAvailability): once seeded, never again, whatever the host has changed since, and two
 * processes starting at once seed once.
 */
@Injectable()
export class DemoHostSeeder implements OnApplicationBootstrap {
  constructor(
    @Inject(DEMO_ACCOUNTS) private readonly accounts: DemoAccounts,
    private readonly commands: CommandBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.seed()) === 'seeded') rootLogger().info({ host: DEMO_HOST.email }, 'demo host seeded with weekly hours');
  }

  async seed(): Promise<DemoSeedOutcome> {
    const host = await this.accounts.createUser({
      id: `user_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`,
      email: DEMO_HOST.email,
      firstName: DEMO_HOST.firstName,
      lastName: DEMO_HOST.lastName,
    });
    const { opened } = await this.commands.execute(
      new OpenHostAvailability({ userId: host.id, name: `${DEMO_HOST.firstName} ${DEMO_HOST.lastName}` }, DEMO_HOST_SCHEDULE, systemMetadata('demo-data')),
    );
    return opened ? 'seeded' : 'already-seeded';
  }
}

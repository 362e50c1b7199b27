import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { releaseLicenseDevice } from '../../../../contracts/devices/devices.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { requestMetadata } from '../../events/metadata-for';
import { awaitProjection } from '../../events/projection-wait';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth } from '../auth';
import { LicensesQueries } from '../licenses';
import { LicenseNotFoundError } from '../licenses';
import type { DeviceEvent } from './devices.events';
import { ReleaseDevice } from './commands/release-device.handler';

/** The owner releases a device from the dashboard, so another can take its slot. */
@Injectable()
export class LicenseDevicesServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly licenses: LicensesQueries,
    private readonly commands: CommandBus,
    private readonly orm: MikroORM,
  ) {}

  @ServerFn(releaseLicenseDevice)
  async releaseLicenseDevice(
    input: z.output<typeof releaseLicenseDevice.input>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof releaseLicenseDevice>> {
    const user = await this.auth.requireUser(context);
    const license = await this.licenses.read(input.licenseId);
    // Someone else's license looks the same as none: nothing about it is revealed.
    if (license.status === 'none' || license.ownerUserId !== user.userId) throw new LicenseNotFoundError();
    const outcome = await this.commands.execute(
      new ReleaseDevice(input.licenseId, input.deviceHash, user.userId, requestMetadata(context.correlationId, { kind: 'user', userId: user.userId })),
    );
    await awaitProjection(this.orm, 'LicenseDevicesProjector', outcome);
    const released =
      outcome.status === 'appended' ? (outcome.events as DeviceEvent[]).flatMap((e) => (e.type === 'DeviceReleased' ? [e.data.slotFreeAt] : [])) : [];
    return { released: released.length > 0, slotFreeAt: released.sort().at(-1) ?? null };
  }
}

import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { rotateLicenseKey } from '../../../../contracts/licenses/licenses.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { requestMetadata } from '../../events/metadata-for';
import { awaitProjection } from '../../events/projection-wait';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth } from '../auth';
import type { LicenseEvent } from './licenses.events';
import { LicenseChanges } from './license-changes';
import { RotateLicenseKey } from './commands/rotate-license-key.handler';

/** Key rotation from the dashboard: a new key at once, and the old one refused from that moment. */
@Injectable()
export class LicenseKeysServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly commands: CommandBus,
    private readonly changes: LicenseChanges,
    private readonly orm: MikroORM,
  ) {}

  @ServerFn(rotateLicenseKey)
  async rotateLicenseKey(input: z.output<typeof rotateLicenseKey.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof rotateLicenseKey>> {
    const user = await this.auth.requireUser(context);
    const outcome = await this.commands.execute(
      new RotateLicenseKey(input.licenseId, user.userId, requestMetadata(context.correlationId, { kind: 'user', userId: user.userId })),
    );
    await awaitProjection(this.orm, 'LicensesProjector', outcome);
    // Before answering: from the answer on, every api refuses the old key.
    await this.changes.publish(input.licenseId);
    const rotated = outcome.status === 'appended' ? (outcome.events as LicenseEvent[]).find((e) => e.type === 'LicenseKeyRotated') : undefined;
    if (rotated?.type !== 'LicenseKeyRotated') throw new Error(`license ${input.licenseId} was not rotated (${outcome.status})`);
    return { rotated: true, keyHint: rotated.data.keyHint };
  }
}

import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { assignSeat, removeSeat, rotateLicenseKey } from '../../../../contracts/licenses/licenses.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import type { EventMetadata } from '../../events/event-metadata';
import { requestMetadata } from '../../events/metadata-for';
import { awaitProjection } from '../../events/projection-wait';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth, type SignedInUser } from '../auth';
import { CatalogQueries } from '../catalog';
import { AssignSeat } from './commands/assign-seat.handler';
import { RemoveSeat } from './commands/remove-seat.handler';
import { RotateLicenseKey } from './commands/rotate-license-key.handler';
import { LicenseChanges } from './license-changes';
import { LicenseNotFoundError } from './licenses.errors';
import type { LicenseEvent } from './licenses.events';
import { LicensesQueries } from './licenses.queries';

const userMetadata = (user: SignedInUser, context: ServerFnContext): EventMetadata =>
  requestMetadata(context.correlationId, { kind: 'user', userId: user.userId });

/** What the owner does with a license from the dashboard: give and take back seats, replace its key. */
@Injectable()
export class LicensesServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly commands: CommandBus,
    private readonly licenses: LicensesQueries,
    private readonly catalog: CatalogQueries,
    private readonly changes: LicenseChanges,
    private readonly orm: MikroORM,
  ) {}

  @ServerFn(assignSeat)
  async assignSeat(input: z.output<typeof assignSeat.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof assignSeat>> {
    const user = await this.auth.requireUser(context);
    const license = await this.licenses.read(input.licenseId);
    // Someone else's license looks the same as none: nothing about it is revealed.
    if (license.status === 'none' || license.ownerUserId !== user.userId) throw new LicenseNotFoundError();
    const title = (await this.catalog.findByIdOrSlug(license.terms.resourceId))?.title ?? license.terms.plan;
    const outcome = await this.commands.execute(
      new AssignSeat(input.licenseId, { userId: user.userId, name: user.name }, title, input.email, userMetadata(user, context)),
    );
    await awaitProjection(this.orm, 'LicensesProjector', outcome);
    return { assigned: true };
  }

  @ServerFn(removeSeat)
  async removeSeat(input: z.output<typeof removeSeat.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof removeSeat>> {
    const user = await this.auth.requireUser(context);
    const outcome = await this.commands.execute(new RemoveSeat(input.licenseId, user.userId, input.email, userMetadata(user, context)));
    await awaitProjection(this.orm, 'LicensesProjector', outcome);
    // Before answering: from the answer on, every api refuses the seat's key.
    await this.changes.publish(input.licenseId);
    return { removed: true };
  }

  /** A new key at once, and the old one refused from that moment. */
  @ServerFn(rotateLicenseKey)
  async rotateLicenseKey(input: z.output<typeof rotateLicenseKey.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof rotateLicenseKey>> {
    const user = await this.auth.requireUser(context);
    const outcome = await this.commands.execute(new RotateLicenseKey(input.licenseId, user.userId, userMetadata(user, context)));
    await awaitProjection(this.orm, 'LicensesProjector', outcome);
    // Before answering: from the answer on, every api refuses the old key.
    await this.changes.publish(input.licenseId);
    const rotated = outcome.status === 'appended' ? (outcome.events as LicenseEvent[]).find((e) => e.type === 'LicenseKeyRotated') : undefined;
    if (rotated?.type !== 'LicenseKeyRotated') throw new Error(`license ${input.licenseId} was not rotated (${outcome.status})`);
    return { rotated: true, keyHint: rotated.data.keyHint };
  }
}

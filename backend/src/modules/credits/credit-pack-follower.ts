import type { CommandBus } from '@nestjs/cqrs';
import type { EventMetadata } from '../../events/event-metadata';
import type { PaidPurchase, PurchaseFollower, TakenBack } from '../checkout';
import { AddCreditPack } from './commands/add-credit-pack.handler';
import { RemoveCreditPack } from './commands/remove-credit-pack.handler';

/** Credits in one pack of a catalog resource of type api_credits (its metadata says how many). */
export function creditsPerPack(resource: PaidPurchase['resource']): number {
  const credits = Number(resource.metadata.credits);
  return Number.isInteger(credits) && credits > 0 ? credits : 0;
}

const packIdFor = (checkoutRef: string) => `checkout:${checkoutRef}`;

/** A paid credit pack adds its credits to the buyer's account; a refund or dispute removes what is left. */
export class CreditPackFollower implements PurchaseFollower {
  constructor(private readonly commands: CommandBus) {}

  async purchased(purchase: PaidPurchase, metadata: EventMetadata): Promise<void> {
    if (purchase.resource.type !== 'api_credits') return;
    const credits = creditsPerPack(purchase.resource) * purchase.quantity;
    if (credits === 0) return;
    const at = new Date().toISOString();
    const packId = packIdFor(purchase.checkoutRef);
    await this.commands.execute(
      new AddCreditPack(purchase.userId, { packId, resourceId: purchase.resource.id, title: purchase.resource.title, credits }, at, metadata),
    );
    if (purchase.takenBack) await this.commands.execute(new RemoveCreditPack(purchase.userId, packId, purchase.takenBack, at, metadata));
  }

  async takenBack(purchase: TakenBack, metadata: EventMetadata): Promise<void> {
    if (purchase.resource?.type !== 'api_credits') return;
    await this.commands.execute(new RemoveCreditPack(purchase.userId, packIdFor(purchase.checkoutRef), purchase.reason, new Date().toISOString(), metadata));
  }
}

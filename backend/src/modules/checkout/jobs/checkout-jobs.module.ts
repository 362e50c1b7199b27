import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import { StripeModule } from '../../../integrations/stripe';
import { QueueRecovery } from '../../../platform/queue/queue-recovery';
import { CLOSE_STRIPE_CHECKOUT_QUEUE, type CloseStripeCheckoutJob, StripeCheckoutClosings } from './close-stripe-checkout';
import { CloseStripeCheckoutProcessor } from './close-stripe-checkout.processor';
import { recloseStripeCheckouts } from './close-stripe-checkout.recovery';

/** The worker's side of checkout: the job that closes Stripe checkouts, queued again when Redis has lost its jobs. */
@Module({
  imports: [StripeModule, BullModule.registerQueue({ name: CLOSE_STRIPE_CHECKOUT_QUEUE })],
  providers: [
    CloseStripeCheckoutProcessor,
    {
      provide: StripeCheckoutClosings,
      inject: [getQueueToken(CLOSE_STRIPE_CHECKOUT_QUEUE)],
      useFactory: (queue: Queue<CloseStripeCheckoutJob>) => new StripeCheckoutClosings(queue),
    },
  ],
})
export class CheckoutJobsModule implements OnModuleInit {
  constructor(
    private readonly recovery: QueueRecovery,
    private readonly closings: StripeCheckoutClosings,
    @Inject(MikroORM) private readonly orm: MikroORM,
  ) {}

  onModuleInit(): void {
    this.recovery.onLoss('Stripe checkout closes', () => recloseStripeCheckouts(this.orm, this.closings));
  }
}

import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { StripeModule } from '../../../integrations/stripe';
import { CLOSE_STRIPE_CHECKOUT_QUEUE } from './close-stripe-checkout';
import { CloseStripeCheckoutProcessor } from './close-stripe-checkout.processor';

/** The worker's side of checkout: the job that closes Stripe checkouts. */
@Module({
  imports: [StripeModule, BullModule.registerQueue({ name: CLOSE_STRIPE_CHECKOUT_QUEUE })],
  providers: [CloseStripeCheckoutProcessor],
})
export class CheckoutJobsModule {}

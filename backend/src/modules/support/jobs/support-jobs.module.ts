import { Module } from '@nestjs/common';
import { StripeModule } from '../../../integrations/stripe';
import { SupportModule } from '../support.module';
import { SupportActionsProcessor } from './support-actions.processor';

/** The worker's side of support actions: refunds sent to Stripe. */
@Module({ imports: [SupportModule, StripeModule], providers: [SupportActionsProcessor] })
export class SupportJobsModule {}

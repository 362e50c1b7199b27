import { Module } from '@nestjs/common';
import { EmailModule } from '../email.module';
import { EmailsProcessor } from './emails.processor';

/** The worker's side of email: the `emails` processor. */
@Module({ imports: [EmailModule], providers: [EmailsProcessor] })
export class EmailJobsModule {}

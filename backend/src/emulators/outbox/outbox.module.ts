import { Module } from '@nestjs/common';
import { EmailModule } from '../../modules/email';
import { OutboxController } from './outbox.controller';

/** /dev/outbox, mounted only while the outbox stands in for SMTP outside production (see standIns). */
@Module({ imports: [EmailModule], controllers: [OutboxController] })
export class OutboxModule {}

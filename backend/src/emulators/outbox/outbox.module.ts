import { Global, Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { EmailModule, type EmailTransport, STAND_IN_EMAIL_TRANSPORT } from '../../modules/email';
import { OutboxController } from './outbox.controller';
import { OutboxTransport } from './outbox-transport';

/**
 * The outbox standing in for SMTP, mounted (in the api and the worker) only outside production
 * (see standIns): the transport that keeps emails, and /dev/outbox to read them. Global, so
 * that EmailModule finds the transport behind its own token without importing it.
 */
@Global()
@Module({
  imports: [EmailModule],
  controllers: [OutboxController],
  providers: [{ provide: STAND_IN_EMAIL_TRANSPORT, inject: [MikroORM], useFactory: (orm: MikroORM): EmailTransport => new OutboxTransport(orm) }],
  exports: [STAND_IN_EMAIL_TRANSPORT],
})
export class OutboxModule {}

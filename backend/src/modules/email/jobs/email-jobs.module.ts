import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rewindCheckpoint } from '../../../events/checkpoints';
import { QueueRecovery } from '../../../platform/queue/queue-recovery';
import { EmailModule } from '../email.module';
import { EMAIL_TRIGGER_REACTOR } from './email-trigger.reactor';
import { EmailsProcessor } from './emails.processor';

/**
 * How far back the triggers' emails are asked for again after Redis lost its jobs. A job is retried
 * for about four minutes before it fails, so an email not sent within the hour was not waiting in
 * Redis (it failed, or was sent).
 */
const REDO_EMAILS_OF_LAST_MS = 3600_000;

/**
 * The worker's side of email: the `emails` processor; and, when Redis has lost its jobs, the
 * triggers' reactor reads the last hour of the log again. The emails it asks for keep their keys,
 * so those already sent are not sent twice (EmailDelivery) and those still queued not queued twice.
 */
@Module({ imports: [EmailModule], providers: [EmailsProcessor] })
export class EmailJobsModule implements OnModuleInit {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly recovery: QueueRecovery,
  ) {}

  onModuleInit(): void {
    this.recovery.onLoss('emails (log events read again)', () =>
      rewindCheckpoint(this.orm.em.fork(), EMAIL_TRIGGER_REACTOR, new Date(Date.now() - REDO_EMAILS_OF_LAST_MS)),
    );
  }
}

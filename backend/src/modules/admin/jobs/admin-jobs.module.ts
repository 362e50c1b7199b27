import { Module } from '@nestjs/common';
import { AdminModule } from '../admin.module';
import { AdminProcessor } from './admin.processor';

/** The worker's side of the admin module: the replay processor. */
@Module({ imports: [AdminModule], providers: [AdminProcessor] })
export class AdminJobsModule {}

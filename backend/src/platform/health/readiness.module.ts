import { Module } from '@nestjs/common';
import { ReadinessService } from './readiness.service';

/** Whether Postgres and Redis answer: for the probes (HealthModule) and the public status page (the site module). */
@Module({ providers: [ReadinessService], exports: [ReadinessService] })
export class ReadinessModule {}

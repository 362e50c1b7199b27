import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthServerFns } from './health.server-fns';
import { ReadinessService } from './readiness.service';

@Module({ controllers: [HealthController], providers: [ReadinessService, HealthServerFns] })
export class HealthModule {}

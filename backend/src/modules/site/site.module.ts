import { Module } from '@nestjs/common';
import { ReadinessModule } from '../../platform/health/readiness.module';
import { SiteServerFns } from './site.server-fns';
import { StatusServerFns } from './status.server-fns';

@Module({ imports: [ReadinessModule], providers: [SiteServerFns, StatusServerFns] })
export class SiteModule {}

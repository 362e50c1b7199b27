import { Module } from '@nestjs/common';
import { SiteServerFns } from './site.server-fns';

@Module({ providers: [SiteServerFns] })
export class SiteModule {}

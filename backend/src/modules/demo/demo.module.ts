import { Module } from '@nestjs/common';
import { DemoHostSeeder } from './demo-host.seeder';

/** Local demo data for the embedded defaults (see usesDemoData); never loaded beside real keys. */
@Module({ providers: [DemoHostSeeder], exports: [DemoHostSeeder] })
export class DemoModule {}

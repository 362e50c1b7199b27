import { Module } from '@nestjs/common';
import { ProjectorRunner } from './projector-runner';

/** Imported by the worker process only: it is where read models are built. */
@Module({ providers: [ProjectorRunner] })
export class ProjectionModule {}

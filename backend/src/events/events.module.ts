import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { throttledWarning } from '../common/logger';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { EventRegistry } from './event-registry';
import { EventStore } from './event-store';
import { EVENTS_POOL } from './events.tokens';
import { ProjectorRegistry } from './projector-registry';

/** The event log for every process: the store, the registry of event types, the projectors. */
@Global()
@Module({
  providers: [
    {
      provide: EVENTS_POOL,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const pool = new Pool({ connectionString: config.DATABASE_URL, max: 10 });
        // An idle connection Postgres drops (a restart, a network blip) must not take the process
        // down: the pool discards it and the next query opens a new one.
        pool.on('error', throttledWarning('event store connection'));
        return pool;
      },
    },
    { provide: EventRegistry, useValue: new EventRegistry() },
    { provide: EventStore, inject: [EVENTS_POOL, EventRegistry], useFactory: (pool: Pool, registry: EventRegistry) => new EventStore(pool, registry) },
    ProjectorRegistry,
  ],
  exports: [EVENTS_POOL, EventRegistry, EventStore, ProjectorRegistry],
})
export class EventsModule implements OnApplicationShutdown {
  constructor(@Inject(EVENTS_POOL) private readonly pool: Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { throttledWarning } from '../platform/common/logger';
import { APP_CONFIG } from '../platform/config/config.module';
import type { AppConfig } from '../platform/config/config.schema';
import { EventRegistry } from './event-registry';
import { EventStore } from './event-store';
import { EVENTS_POOL } from './events.tokens';
import { ProjectorRegistry } from './projector-registry';
import { ReactorRegistry } from './reactor-registry';
import { SerializedStreams } from './serialized-streams';
import { StreamKinds } from './stream-kinds';

/** The event log for every process: the store, commands serialized per stream, the registry of event types and stream kinds, the projectors and reactors. */
@Global()
@Module({
  providers: [
    {
      provide: EVENTS_POOL,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const pool = new Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_MAX });
        // An idle connection Postgres drops (a restart, a network blip) must not take the process
        // down: the pool discards it and the next query opens a new one.
        pool.on('error', throttledWarning('event store connection'));
        // pg-pool takes its listener off a client while it is checked out: a connection dropped mid-use
        // would otherwise be an unhandled 'error' event (the query in flight still rejects on its own).
        pool.on('connect', (client) => client.on('error', throttledWarning('event store connection')));
        return pool;
      },
    },
    { provide: EventRegistry, useValue: new EventRegistry() },
    { provide: EventStore, inject: [EVENTS_POOL, EventRegistry], useFactory: (pool: Pool, registry: EventRegistry) => new EventStore(pool, registry) },
    {
      provide: SerializedStreams,
      inject: [EventStore, EVENTS_POOL, APP_CONFIG],
      useFactory: (store: EventStore, pool: Pool, config: AppConfig) => new SerializedStreams(store, pool, config.STREAM_LOCK_WAIT_MS),
    },
    ProjectorRegistry,
    ReactorRegistry,
    StreamKinds,
  ],
  exports: [EVENTS_POOL, EventRegistry, EventStore, SerializedStreams, ProjectorRegistry, ReactorRegistry, StreamKinds],
})
export class EventsModule implements OnApplicationShutdown {
  constructor(@Inject(EVENTS_POOL) private readonly pool: Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

// A worker process for the crash test: runs one slow counting projector over the compiled
// backend until it is killed. argv: projector name, stream prefix, delay per event in ms.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = (path) => require(`../../dist/app/backend/src/${path}`);
const { MikroORM } = require('@mikro-orm/postgresql');
const { Pool } = require('pg');
const pino = require('pino');
const { z } = require('zod');
const { mikroOrmConfig } = dist('platform/database/mikro-orm.config.js');
const { defineEvent, EventRegistry } = dist('events/event-registry.js');
const { EventStore } = dist('events/event-store.js');
const { EventNotifier } = dist('events/event-notifier.js');
const { ProjectionWorker } = dist('events/projection-worker.js');

const [name, prefix, delay] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
const registry = new EventRegistry().register(defineEvent({ type: 'CounterIncremented', schemaVersion: 1, schema: z.object({ by: z.number().int() }) }));
const store = new EventStore(new Pool({ connectionString: url }), registry);
const orm = await MikroORM.init(mikroOrmConfig({ DATABASE_URL: url }));
const notifier = new EventNotifier(url);
await notifier.start();
const projector = {
  name,
  eventTypes: ['CounterIncremented'],
  tables: ['rm_test_seen'],
  async apply(event, em) {
    if (!event.streamId.startsWith(prefix)) return;
    // The delay is the fixture (work that takes time, so a kill lands inside a batch), not a wait for something.
    await new Promise((resolve) => setTimeout(resolve, Number(delay)));
    await em.execute(
      `insert into rm_test_seen (projector, stream_id, stream_version) values (?, ?, ?)
       on conflict (projector, stream_id, stream_version) do update set times = rm_test_seen.times + 1`,
      [name, event.streamId, event.streamVersion],
    );
  },
};
new ProjectionWorker(projector, orm, store, notifier, { connectionString: url, log: pino({ level: 'silent' }), batchSize: 50, pollMs: 50 }).start();
console.log('started');

// The peer in the events benchmark: @event-driven-io/emmett-postgresql, driven through its public
// API the way an application would, with the same workloads as ours.
import { dumbo } from '@event-driven-io/dumbo';
import pg from 'pg';
import { getPostgreSQLEventStore, postgreSQLProjection, readMessagesBatch, rebuildPostgreSQLProjections } from '@event-driven-io/emmett-postgresql';
import { foldByStream, STREAM_SUMMARY_UPSERT } from './stream-summary-sql.mjs';

export async function startPeer(url) {
  const store = getPostgreSQLEventStore(url);
  await store.schema.migrate();
  return store;
}

export const peerAppend = (store, streamId, events) => store.appendToStream(streamId, events, { expectedStreamVersion: 'STREAM_DOES_NOT_EXIST' });

/**
 * Reads the whole log in pages of `batchSize` as Emmett's consumers do. Emmett orders a page by
 * (transaction_id, global_position) but continues from the global position alone, so with
 * concurrent writers it can read an event twice or never: count both.
 */
export async function peerReadAll(url, batchSize) {
  const pool = dumbo({ connectionString: url });
  try {
    const seen = new Set();
    let read = 0;
    for (let after = 0n; ;) {
      const page = await readMessagesBatch(pool.execute, { after, batchSize });
      read += page.messages.length;
      for (const message of page.messages) seen.add(message.metadata.globalPosition);
      if (!page.areMessagesLeft || page.messages.length === 0) return { read, distinct: seen.size };
      after = page.currentGlobalPosition;
    }
  } finally {
    await pool.close();
  }
}

/**
 * Rebuilds the same per-stream summary as our StreamSummaryProjector with Emmett's own rebuild
 * (it truncates and refills the live table; ours builds beside it and swaps). Same SQL per batch.
 */
export async function peerReplaySummary(url, { batchSize, eventTypes }) {
  const consumer = rebuildPostgreSQLProjections({
    connectionString: url,
    pulling: { batchSize, pullingFrequencyInMs: 0 },
    projection: postgreSQLProjection({
      name: 'peer_stream_summary',
      canHandle: eventTypes,
      truncate: async (context) => {
        await context.connection.client.query('truncate peer_streams');
      },
      handle: async (events, context) => {
        const rows = foldByStream(
          events.map((e) => ({
            streamId: e.metadata.streamName,
            streamVersion: Number(e.metadata.streamPosition),
            type: e.type,
            actor: 'system',
            recordedAt: new Date(),
          })),
        );
        await context.connection.client.query(STREAM_SUMMARY_UPSERT('peer_streams', rows.length), rows.flat());
      },
    }),
  });
  await consumer.start();
  await consumer.close();
}

/**
 * Projection lag on the peer: an Emmett projector (its async, polling consumer) whose handler
 * NOTIFYs inside its transaction, so the time measured is append → projection committed.
 */
export async function startPeerLagProjector(url, channel) {
  // Dumbo shares one pool per connection string and closing the store ends it: a string of its own
  // keeps the bench's appending store usable after this projector stops.
  const store = await startPeer(`${url}?application_name=peer_lag`);
  // Not startFrom 'END': in 0.42 it looks up the *first* position (ORDER BY … LIMIT 1, ascending).
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const end = (await client.query('select max(global_position) as p from emt_messages')).rows[0]?.p;
  await client.end();
  const consumer = store.consumer({ pulling: { batchSize: 100 } });
  consumer.reactor({
    processorId: 'peer_lag',
    startFrom: { lastCheckpoint: BigInt(end ?? 0) },
    eachMessage: async (message, context) => {
      await context.connection.client.query('select pg_notify($1, $2)', [channel, message.metadata.streamName]);
    },
  });
  const running = consumer.start();
  return {
    async stop() {
      await consumer.stop();
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      await consumer.close();
      await store.close();
    },
  };
}

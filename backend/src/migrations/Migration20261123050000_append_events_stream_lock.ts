import { Migration } from '@mikro-orm/migrations';

/**
 * append_events, now taking a transaction-scoped advisory lock on the stream before it reads the
 * stream's version. Without it, two 'any' appends read the same version and one dies on the
 * unique key (the caller retried a few times, then surfaced a conflict 'any' should never give);
 * a losing writer with a numeric version also learns the version it lost to. The lock is per
 * stream (namespace 7302; projector leadership uses 7301), so other streams never wait.
 * The source-id claim stays first: every appender claims at most one id and then one stream, so
 * the two kinds of waits cannot form a cycle.
 */
export class Migration20261123050000_append_events_stream_lock extends Migration {
  override up(): void {
    this.addSql(`create or replace function append_events(
      p_stream_id text, p_expected text, p_types text[], p_schema_versions smallint[], p_data jsonb[], p_metadata jsonb, p_source_id text
    ) returns table (status text, next_version integer, positions bigint[]) language plpgsql as $fn$
    declare
      v_current integer;
      v_positions bigint[];
    begin
      if p_source_id is not null then
        insert into event_sources (source_id, stream_id) values (p_source_id, p_stream_id) on conflict do nothing;
        if not found then
          return query select 'already-recorded'::text, null::integer, null::bigint[];
          return;
        end if;
      end if;
      perform pg_advisory_xact_lock(7302, hashtext(p_stream_id));
      -- ORDER BY … LIMIT 1 keeps this an index probe even in a plan cached while the table was tiny.
      select coalesce((select e.stream_version from events e where e.stream_id = p_stream_id order by e.stream_version desc limit 1), 0) into v_current;
      if (p_expected = 'no-stream' and v_current <> 0) or (p_expected ~ '^[0-9]+$' and v_current <> p_expected::integer) then
        raise exception using errcode = 'SC409', message = 'stream version conflict', detail = v_current::text;
      end if;
      with inserted as (
        insert into events (stream_id, stream_version, type, schema_version, data, metadata)
        select p_stream_id, v_current + n.ord, n.type, n.schema_version, n.data, p_metadata
        from unnest(p_types, p_schema_versions, p_data) with ordinality as n(type, schema_version, data, ord)
        returning events.position
      )
      select array_agg(inserted.position order by inserted.position) into v_positions from inserted;
      return query select 'appended'::text, v_current + cardinality(p_types), v_positions;
    end
    $fn$`);
  }

  override down(): void {
    // Back to the lock-free body of Migration20261123040000_append_events_function.
    this.addSql(`create or replace function append_events(
      p_stream_id text, p_expected text, p_types text[], p_schema_versions smallint[], p_data jsonb[], p_metadata jsonb, p_source_id text
    ) returns table (status text, next_version integer, positions bigint[]) language plpgsql as $fn$
    declare
      v_current integer;
      v_positions bigint[];
    begin
      if p_source_id is not null then
        insert into event_sources (source_id, stream_id) values (p_source_id, p_stream_id) on conflict do nothing;
        if not found then
          return query select 'already-recorded'::text, null::integer, null::bigint[];
          return;
        end if;
      end if;
      select coalesce((select e.stream_version from events e where e.stream_id = p_stream_id order by e.stream_version desc limit 1), 0) into v_current;
      if (p_expected = 'no-stream' and v_current <> 0) or (p_expected ~ '^[0-9]+$' and v_current <> p_expected::integer) then
        raise exception using errcode = 'SC409', message = 'stream version conflict', detail = v_current::text;
      end if;
      with inserted as (
        insert into events (stream_id, stream_version, type, schema_version, data, metadata)
        select p_stream_id, v_current + n.ord, n.type, n.schema_version, n.data, p_metadata
        from unnest(p_types, p_schema_versions, p_data) with ordinality as n(type, schema_version, data, ord)
        returning events.position
      )
      select array_agg(inserted.position order by inserted.position) into v_positions from inserted;
      return query select 'appended'::text, v_current + cardinality(p_types), v_positions;
    end
    $fn$`);
  }
}

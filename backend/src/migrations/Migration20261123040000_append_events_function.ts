import { Migration } from '@mikro-orm/migrations';

/**
 * append_events: the whole append (source-id claim, version check, insert) as one statement,
 * so an append costs one round trip and one implicit transaction. A version mismatch raises
 * SQLSTATE SC409 with the current version in DETAIL. No NOTIFY in here: it would serialise every
 * commit in the database; the store notifies after commit instead (see EventStore).
 */
export class Migration20261123040000_append_events_function extends Migration {
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
    this.addSql('drop function if exists append_events(text, text, text[], smallint[], jsonb[], jsonb, text)');
  }
}

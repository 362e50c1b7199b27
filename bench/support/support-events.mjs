// The event log of the support bench, generated in SQL (generate_series): `events` spread over
// the accounts support.bench.mjs seeded (user_bench_<a>, license lic_bench_<a>, checkout
// ref_bench_<a>, bookings on host_bench's calendar for every tenth account) on the streams
// account-streams.ts finds for an account, with metadata as the store writes it (a Stripe event
// starts each purchase chain, each later step is caused by the event before it, requests carry
// their own chain), the emails those events sent (email_deliveries) and the Stripe events
// (stripe_webhook_events) the chains name, and the read models it implies that the account page
// reads (credit cycles, a device, the purchased resource).
//
// Skewed: account a gets about EVENTS * (sqrt(a/N) - sqrt((a-1)/N)) events (account 1 about
// 0.3 % of the log, the median account a few dozen), times a hashed factor from 0.2 to 1.8 past the
// first hundred so that small accounts exist too. Each account's events are spread over its own
// life (up to three years) and the log is written in time order across accounts, as it grows.

/** Per slot of the repeating part of an account's history (after its purchase chain): stream, type, rank within the stream's slots. */
const CYCLE = [
  ['credits', 'CreditsDebited', 0],
  ['credits', 'CreditsDebited', 1],
  ['downloads', 'ResourceDownloaded', 0],
  ['credits', 'CreditsDebited', 2],
  ['devices', 'DeviceActivated', 0],
  ['credits', 'CreditsDebited', 3],
  ['downloads', 'ResourceDownloaded', 1],
  ['devices', 'DeviceReleased', 1],
  ['credits', 'CreditsDebited', 4],
  ['credits', 'IncludedCreditsCycleStarted', 5],
];
// Events each stream has from the purchase chain (j = 1..5), and per cycle.
const INITIAL = { credits: 1, downloads: 0, devices: 1 };
const PER_CYCLE = { credits: 6, downloads: 2, devices: 2 };
const CHAIN = 5;

const list = (values) => `array[${values.map((v) => (typeof v === 'number' ? v : `'${v}'`)).join(',')}]`;

const ACCOUNTS_SQL = `
  create table bench_accounts as
  select a, n, now() - interval '1 day' - (interval '3 years') * (0.05 + 0.95 * h) as started
  from (
    select a, greatest(${CHAIN + 1}, round($2::float8 * (sqrt(a::float8 / $1) - sqrt((a - 1)::float8 / $1))
      * case when a <= 100 then 1 else 0.2 + 1.6 * ((a::bigint * 2654435761) % 4294967296) / 4294967296.0 end))::int as n,
      ((a::bigint * 40503 + 12345) % 65536) / 65536.0 as h
    from generate_series(1, $1) a
  ) s`;

// One row per event: account a, its j-th event (j = 0: its booking on the host's calendar), at.
const EVENTS_SQL = `
  insert into events (position, stream_id, stream_version, type, schema_version, data, metadata, recorded_at) overriding system value
  select position, stream_id, version, type, 1,
    case type
      when 'PurchaseCompleted' then jsonb_build_object('checkoutRef', 'ref_bench_' || a, 'checkoutSessionId', 'cs_test_bench' || a, 'userId', u,
        'email', 'customer' || a || '@example.com', 'resourceId', 'systemsculpt-pro', 'resourceType', 'plugin', 'title', 'SystemSculpt Pro',
        'quantity', 1, 'amountCents', 2900, 'currency', 'usd', 'paymentIntentId', 'pi_bench' || a, 'at', at)
      when 'LicenseGranted' then jsonb_build_object('licenseId', 'lic_bench_' || a, 'userId', u, 'email', 'customer' || a || '@example.com',
        'resourceId', 'systemsculpt-pro', 'plan', 'pro', 'kind', 'lifetime', 'seats', 1, 'devicesPerSeat', 2, 'at', at)
      when 'StripeCustomerLinked' then jsonb_build_object('userId', u, 'customerId', 'cus_bench' || a, 'at', at)
      when 'IncludedCreditsCycleStarted' then jsonb_build_object('userId', u, 'licenseId', 'lic_bench_' || a, 'cycleStart', at,
        'cycleEnd', at + interval '1 month', 'allowance', 1000, 'at', at)
      when 'CreditsDebited' then jsonb_build_object('userId', u, 'entryId', 'entry_' || a || '_' || j, 'requestId', 'airq_' || a || '_' || j,
        'licenseId', 'lic_bench_' || a, 'cycleStart', date_trunc('month', at), 'endpoint', '/api/v1/chat/completions', 'usageKind', 'chat',
        'credits', 1 + j % 40, 'fromIncluded', 1 + j % 40, 'fromPacks', '[]'::jsonb, 'at', at)
      when 'ResourceDownloaded' then jsonb_build_object('userId', u, 'resourceId', 'systemsculpt-pro', 'fileName', 'systemsculpt-pro.zip',
        'version', 1 + j / 50, 'at', at)
      when 'BookingConfirmed' then jsonb_build_object('hostUserId', 'host_bench', 'bookingId', 'booking_bench_' || (a / 10), 'customerUserId', u,
        'start', at + interval '7 days', 'end', at + interval '7 days 30 minutes', 'details', jsonb_build_object('sessionTypeId', 'intro',
        'sessionTitle', 'Intro call', 'minutes', 30, 'hostName', 'Host', 'meetingUrl', null, 'customerEmail', 'customer' || a || '@example.com',
        'customerName', null, 'customerTimeZone', 'UTC', 'checkoutRef', 'bref_bench_' || (a / 10), 'amountCents', 5000, 'currency', 'usd'),
        'paymentIntentId', 'pi_booking_bench' || (a / 10), 'at', at)
      else jsonb_build_object('licenseId', 'lic_bench_' || a, 'seat', 'owner', 'deviceHash', md5(a || ':' || (j / 20)),
        'name', 'MacBook ' || (j / 20), 'pluginVersion', '3.' || (j % 7) || '.0', 'byUserId', u, 'at', at, 'slotFreeAt', at)
    end,
    case
      when j between 1 and ${CHAIN} then jsonb_build_object('correlationId', 'evt_bench_' || a,
        'causationId', case when j = 1 then 'evt_bench_' || a else 'event:' || previous end,
        'actor', case when j = 1 then '{"kind":"stripe"}'::jsonb else '{"kind":"system"}'::jsonb end)
      when type = 'IncludedCreditsCycleStarted' then jsonb_build_object('correlationId', 'run_credit_cycles_' || to_char(at, 'YYYYMMDD'),
        'causationId', null, 'actor', '{"kind":"system"}'::jsonb)
      else jsonb_build_object('correlationId', 'req_bench_' || a || '_' || j, 'causationId', null, 'actor', jsonb_build_object('kind', 'user', 'userId', u))
    end,
    at
  from (
    select *, 'user_bench_' || a as u,
      case
        when j = 0 then 'host-calendar-host_bench'
        when j = 1 then 'checkout-ref_bench_' || a
        when j = 2 then 'license-lic_bench_' || a
        when j = 3 then 'customer-user_bench_' || a
        when j = 4 then 'credits-user_bench_' || a
        when j = 5 then 'license-devices-lic_bench_' || a
        else case (${list(CYCLE.map((c) => c[0]))})[1 + (j - ${CHAIN + 1}) % ${CYCLE.length}]
          when 'credits' then 'credits-user_bench_' || a when 'downloads' then 'librarydownloads-user_bench_' || a else 'license-devices-lic_bench_' || a end
      end as stream_id,
      case
        when j = 0 then a / 10
        when j <= ${CHAIN} then 1
        else (${list(CYCLE.map((c) => INITIAL[c[0]]))})[1 + (j - ${CHAIN + 1}) % ${CYCLE.length}]
          + (j - ${CHAIN + 1}) / ${CYCLE.length} * (${list(CYCLE.map((c) => PER_CYCLE[c[0]]))})[1 + (j - ${CHAIN + 1}) % ${CYCLE.length}]
          + (${list(CYCLE.map((c) => c[2]))})[1 + (j - ${CHAIN + 1}) % ${CYCLE.length}] + 1
      end as version,
      case
        when j = 0 then 'BookingConfirmed'
        when j <= ${CHAIN} then (array['PurchaseCompleted', 'LicenseGranted', 'StripeCustomerLinked', 'IncludedCreditsCycleStarted', 'DeviceActivated'])[j]
        else (${list(CYCLE.map((c) => c[1]))})[1 + (j - ${CHAIN + 1}) % ${CYCLE.length}]
      end as type
    -- The narrow rows are put in log order here, so that the wide ones are built in that order
    -- and written without another sort.
    from (
      select *, lag(position) over (partition by a order by j) as previous
      from (
        select a, j, at, $1::bigint + row_number() over (order by at, a, j) as position
        from (
          select a, j, started + (now() - interval '1 day' - started) * (j::float8 / (n + 1)) as at
          from bench_accounts cross join lateral generate_series(1, n) j
          union all
          -- Bookings: one every two hours on the host's calendar, the oldest first, so its versions follow time.
          select b * 10, 0, now() - interval '2 hours' * ($2::int - b + 1) from generate_series(1, $2::int) b
        ) planned
      ) numbered
      order by position
    ) chained
  ) e`;

const EMAILS_SQL = `
  insert into email_deliveries (job_key, message_id, kind, to_address, transport, delivered_at, causation_id, correlation_id)
  select 'email_bench_' || position, '<' || position || '@bench.example.com>',
    case type when 'PurchaseCompleted' then 'purchase-receipt' when 'LicenseGranted' then 'license-key' else 'credits-renewed' end,
    'customer' || substr(data->>'userId', 12) || '@example.com', 'local', recorded_at + interval '2 seconds',
    'event:' || position, metadata->>'correlationId'
  from events where type in ('PurchaseCompleted', 'LicenseGranted', 'IncludedCreditsCycleStarted') and data->>'userId' like 'user_bench_%'`;

// The read models the log implies that the account page reads and support.bench.mjs's search seed
// has not written: every included-credits cycle, the first device, the purchased resource.
const READ_MODELS_SQL = [
  `insert into rm_credit_cycles (license_id, cycle_start, user_id, cycle_end, allowance, used)
   select data->>'licenseId', (data->>'cycleStart')::timestamptz, data->>'userId', (data->>'cycleEnd')::timestamptz, 1000, 400
   from events where type = 'IncludedCreditsCycleStarted' and data->>'userId' like 'user_bench_%'`,
  `insert into rm_license_devices (license_id, seat, device_hash, name, plugin_version, activated_at)
   select data->>'licenseId', 'owner', data->>'deviceHash', data->>'name', data->>'pluginVersion', recorded_at
   from events where stream_id like 'license-devices-lic_bench_%' and stream_version = 1`,
  `insert into rm_resource_access (user_id, resource_id, source_ref, source, granted_at)
   select 'user_bench_' || a, 'systemsculpt-pro', 'ref_bench_' || a, 'purchase', started from bench_accounts`,
];

const STRIPE_SQL = `
  insert into stripe_webhook_events (stripe_event_id, type, payload, received_at, attempts, outcome, handled_at)
  select 'evt_bench_' || a, 'checkout.session.completed', jsonb_build_object('id', 'evt_bench_' || a, 'type', 'checkout.session.completed'),
    started, 1, 'handled', started
  from bench_accounts`;

/**
 * Writes the log. The events table's secondary indexes are dropped for the insert and built again
 * after it (as a bulk load does); the key and (stream_id, stream_version) stay, so every event is
 * checked as an append would be. Returns the counts, seconds and bytes it took.
 */
export async function seedSupportEvents(db, { accounts, events, bookings }) {
  const started = performance.now();
  const client = await db.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set work_mem = '512MB'`);
    await client.query(ACCOUNTS_SQL, [accounts, events - bookings]);
    const { rows: secondary } = await client.query(`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'events'::regclass and not exists (select 1 from pg_constraint where conindid = i.indexrelid)`);
    const sizeBefore = await databaseBytes(client);
    await client.query('begin');
    for (const index of secondary) await client.query(`drop index ${index.name}`);
    const base = (await client.query('select coalesce(max(position), 0)::text as max from events')).rows[0].max;
    const inserted = (await client.query(EVENTS_SQL, [base, bookings])).rowCount;
    const written = performance.now();
    for (const index of secondary) await client.query(index.definition);
    await client.query(`select setval(pg_get_serial_sequence('events', 'position'), (select max(position) from events))`);
    await client.query('commit');
    const indexed = performance.now();
    const emails = (await client.query(EMAILS_SQL)).rowCount;
    await client.query(STRIPE_SQL);
    for (const sql of READ_MODELS_SQL) await client.query(sql);
    const loaded = performance.now();
    // Where autovacuum would have got to on a log written over years: statistics, and the
    // visibility map that lets an index-only scan skip the table (and keeps autovacuum from
    // starting on the new rows in the middle of the timings).
    for (const table of [
      'events',
      'email_deliveries',
      'stripe_webhook_events',
      'bench_accounts',
      'rm_credit_cycles',
      'rm_license_devices',
      'rm_resource_access',
    ]) {
      await client.query(`vacuum (analyze) ${table}`);
    }
    const [{ events_bytes, emails_bytes }] = (
      await client.query(`select pg_total_relation_size('events') as events_bytes, pg_total_relation_size('email_deliveries') as emails_bytes`)
    ).rows;
    return {
      events: inserted,
      emails,
      seconds: (performance.now() - started) / 1000,
      insertSeconds: (written - started) / 1000,
      indexSeconds: (indexed - written) / 1000,
      vacuumSeconds: (performance.now() - loaded) / 1000,
      eventsBytes: Number(events_bytes),
      emailsBytes: Number(emails_bytes),
      databaseGrowth: (await databaseBytes(client)) - sizeBefore,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function databaseBytes(client) {
  return Number((await client.query('select pg_database_size(current_database()) as bytes')).rows[0].bytes);
}

/**
 * Accounts to time, by their number of events: the smallest, those nearest the median, and the
 * largest; in each, two with a booking (their host's calendar is read for their bookings only).
 * Each with the bounds of a 30-day window 40 % into its life (a support question about an old
 * month).
 */
export async function sampleAccounts(db, bookings, per = 5) {
  const pick = (order) =>
    db.query(
      `(select a, n, started from bench_accounts order by ${order}, a limit $1)
       union all (select a, n, started from bench_accounts where a % 10 = 0 and a <= $2 order by ${order}, a limit 2)`,
      [per - 2, bookings * 10],
    );
  const median = (await db.query('select percentile_disc(0.5) within group (order by n) as n from bench_accounts')).rows[0].n;
  const [small, middle, largest] = await Promise.all([pick('n'), pick(`abs(n - ${Number(median)})`), pick('n desc')]);
  const window = ({ a, n, started }) => {
    const from = new Date(started.getTime() + (Date.now() - started.getTime()) * 0.4);
    return { userId: `user_bench_${a}`, n, from, to: new Date(from.getTime() + 30 * 86_400_000) };
  };
  return { small: small.rows.map(window), median: middle.rows.map(window), largest: largest.rows.map(window) };
}

import pg from 'pg';
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await client.connect();
let prev = null;
const end = Date.now() + Number(process.argv[2]) * 1000;
while (Date.now() < end) {
  const { rows } = await client.query(`select datname, xact_commit::int c, xact_rollback::int r, tup_returned::bigint ret, tup_fetched::bigint f, tup_inserted::int i, tup_updated::int u from pg_stat_database where datname like 'sculpt_bench_%'`);
  console.log(new Date().toISOString().slice(11, 19), JSON.stringify(rows));
  await new Promise((r) => setTimeout(r, 5000));
}
await client.end();

// Which process leads each projector, read from Postgres itself: a worker runs a projector only
// while it holds the projector's session advisory lock, pg_try_advisory_lock(7301, hashtext(name))
// (backend/src/events/leader-locks.ts), which pg_locks shows as classid 7301, objid = the hash
// (as an unsigned oid), objsubid 2. The holding session's client_port names the process that
// opened it (localPortsOf).
import { localPortsOf } from './site-processes.mjs';

const LOCK_NAMESPACE = 7301;

/**
 * One row per projector, from its checkpoint or its lock (one that has not finished a batch yet has
 * no checkpoint, and shows as `lock <hash>`): { name, leader } where leader is the name of the
 * process holding its lock (one of `processes`), `unknown pid <n>` for a session no process here
 * opened, or null when nobody holds it. `sessions`: per process, its lock sessions (backend pid →
 * application_name; a worker keeps all its locks on one).
 */
export async function projectorLeaders(db, processes) {
  const owners = new Map();
  for (const p of processes) if (p.alive()) for (const port of localPortsOf(p.pid)) owners.set(port, p.name);
  const { rows } = await db.query(
    `with locks as (
       select l.objid::bigint as hash, l.pid, a.client_port, a.application_name
       from pg_locks l left join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.granted and l.classid = $1 and l.objsubid = 2
         and l.database = (select oid from pg_database where datname = current_database())
     ),
     names as (select name, hashtext(name)::bigint & 4294967295 as hash from projector_checkpoints)
     select coalesce(n.name, 'lock ' || k.hash) as name, k.pid, k.client_port, k.application_name
     from names n full join locks k on k.hash = n.hash
     -- A lock that names no projector counts only on a leader-lock session (leader-locks.ts names them).
     where n.name is not null or k.application_name like 'projector%'
     order by 1`,
    [LOCK_NAMESPACE],
  );
  const sessions = new Map();
  const leaders = rows.map((row) => {
    if (row.pid === null) return { name: row.name, leader: null };
    const leader = owners.get(row.client_port) ?? `unknown pid ${row.pid} (${row.application_name})`;
    if (!sessions.has(leader)) sessions.set(leader, new Map());
    sessions.get(leader).set(row.pid, row.application_name);
    return { name: row.name, leader, applicationName: row.application_name };
  });
  return { leaders, sessions };
}

/** How many projectors each process leads, e.g. "worker1 12, worker2 11". */
export function describeLeaders(leaders) {
  const counts = new Map();
  for (const { leader } of leaders) counts.set(leader ?? 'nobody', (counts.get(leader ?? 'nobody') ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([who, n]) => `${who} ${n}`)
    .join(', ');
}

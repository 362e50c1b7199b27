import type { EntityManager } from '@mikro-orm/postgresql';

/** Only plain lower-case names are swapped: they are spliced into DDL. */
export function assertPlainIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`"${name}" is not a plain table name`);
  return name;
}

/** A schema name for one replay of one projector: unique, plain, and recognisably ours. */
export function shadowSchemaName(projector: string, suffix: string): string {
  return assertPlainIdentifier(
    `replay_${projector
      .replace(/[^a-z0-9_]/gi, '_')
      .toLowerCase()
      .slice(0, 30)}_${suffix}`,
  );
}

/** Empty copies of the live tables (columns, defaults, constraints, indexes) in `schema`. */
export async function createShadowTables(em: EntityManager, schema: string, tables: readonly string[]): Promise<void> {
  await em.execute(`create schema "${schema}"`);
  for (const table of tables) await em.execute(`create table "${schema}"."${table}" (like public."${table}" including all)`);
}

/**
 * Inside the caller's transaction: drops each live table and moves its copy into public under
 * the same name. LIKE … INCLUDING INDEXES names the copied indexes itself, so they are renamed
 * back to the live names: later migrations can then refer to them as before.
 */
export async function swapInShadowTables(em: EntityManager, schema: string, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const liveNames = await indexNamesByDefinition(em, 'public', table);
    const copyNames = await indexNamesByDefinition(em, schema, table);
    await em.execute(`drop table public."${table}"`);
    await em.execute(`alter table "${schema}"."${table}" set schema public`);
    const renames = [...copyNames].flatMap(([definition, copyName]) => {
      const liveName = liveNames.get(definition);
      return liveName && liveName !== copyName ? [{ copyName, liveName }] : [];
    });
    // Through temporary names, in case one copy already carries another's live name.
    for (const [i, { copyName }] of renames.entries()) await em.execute(`alter index public."${copyName}" rename to "${table}__swap_${i}"`);
    for (const [i, { liveName }] of renames.entries()) await em.execute(`alter index public."${table}__swap_${i}" rename to "${liveName}"`);
  }
}

/** Index name by its definition with the index and table names left out. */
async function indexNamesByDefinition(em: EntityManager, schema: string, table: string): Promise<Map<string, string>> {
  const rows = await em.execute<{ name: string; definition: string }[]>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid = ?::regclass order by c.relname`,
    [`"${schema}"."${table}"`],
  );
  return new Map(rows.map((row) => [row.definition.replace(/^CREATE (UNIQUE )?INDEX \S+ ON \S+ /, 'CREATE $1INDEX ON '), row.name]));
}

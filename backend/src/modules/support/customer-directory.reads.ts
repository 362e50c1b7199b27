import type { EntityManager } from '@mikro-orm/postgresql';
import { customerDirectoryTables } from './projections/customer-directory.entity';

/** An account's latest known address and name, or nulls when the log has named neither. */
export async function readCustomerContact(em: EntityManager, userId: string): Promise<{ email: string | null; name: string | null }> {
  const row = await customerDirectoryTables(em).selectFrom('rm_customer_directory').select(['email', 'name']).where('user_id', '=', userId).executeTakeFirst();
  return { email: row?.email ?? null, name: row?.name ?? null };
}

/** The directory entries of these accounts (those it has). */
export async function readCustomerContacts(em: EntityManager, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return customerDirectoryTables(em).selectFrom('rm_customer_directory').select(['user_id', 'email', 'name']).where('user_id', 'in', userIds).execute();
}

/** Whether the directory knows this user id. */
export async function isKnownCustomer(em: EntityManager, userId: string): Promise<boolean> {
  return (
    (await customerDirectoryTables(em).selectFrom('rm_customer_directory').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined
  );
}

/**
 * Accounts whose lowercased address or name matches a LIKE pattern (escaped with `\`), in that
 * column's order, at most `limit`: the lower(email)/lower(name) indexes serve a prefix, the trigram one a fragment.
 */
export async function findCustomersLike(em: EntityManager, column: 'email' | 'name', pattern: string, limit: number): Promise<string[]> {
  const rows = await customerDirectoryTables(em)
    .selectFrom('rm_customer_directory')
    .select('user_id')
    .where((eb) => eb(eb.fn('lower', [column]), 'like', pattern))
    .orderBy((eb) => eb.fn('lower', [column]))
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

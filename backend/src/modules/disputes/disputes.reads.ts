import type { EntityManager } from '@mikro-orm/postgresql';
import { disputeTables } from './projections/disputes.entity';

/** The accounts disputing this charge (null where the dispute's purchase is not known). */
export async function readChargeDisputers(em: EntityManager, chargeId: string): Promise<(string | null)[]> {
  const rows = await disputeTables(em).selectFrom('rm_disputes').select('user_id').where('charge_id', '=', chargeId).execute();
  return rows.map((row) => row.user_id);
}

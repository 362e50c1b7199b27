import type { EntityManager } from '@mikro-orm/postgresql';
import { readModelKysely } from '../../platform/database/read-model-kysely';
import type { PaymentsReadModels } from '../checkout';

/** Kysely over the payments read models the plan pages read; typed here so loading it loads none of checkout's code. */
export const planReadModels = (em: EntityManager) => em.getKysely<PaymentsReadModels, typeof readModelKysely>(readModelKysely);

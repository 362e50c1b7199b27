import type { EntityClass, EntitySchema } from '@mikro-orm/core';
import { StreamSummarySchema } from '../../modules/admin';
import { ResourceSchema } from '../../modules/catalog';

/** Every entity the ORM knows (read models and the catalog); modules add theirs here. */
export const readModelEntities: (EntityClass<object> | EntitySchema)[] = [ResourceSchema, StreamSummarySchema];

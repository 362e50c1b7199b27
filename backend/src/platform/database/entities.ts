import type { EntityClass, EntitySchema } from '@mikro-orm/core';
import { StreamSummarySchema } from '../../modules/admin/projections/stream-summary.entity';
import { ResourceSchema } from '../../modules/catalog/resource.entity';

/** Every entity the ORM knows (read models and the catalog); modules add theirs here. */
export const readModelEntities: (EntityClass<object> | EntitySchema)[] = [ResourceSchema, StreamSummarySchema];

import type { EntityClass, EntitySchema } from '@mikro-orm/core';

/** Every read-model entity the ORM knows; modules add theirs here. */
export const readModelEntities: (EntityClass<object> | EntitySchema)[] = [];

import { defineEntity, p } from '@mikro-orm/postgresql';
import type { AccessType, ResourceType } from '../../../../contracts/catalog/resource';

const ResourceSchema = defineEntity({
  name: 'ResourceRecord',
  tableName: 'resources',
  properties: {
    id: p.string().primary(),
    title: p.string(),
    slug: p.string(),
    description: p.text(),
    stripeDescription: p.text().nullable(),
    metadata: p.json<Record<string, unknown>>(),
    imageUrl: p.string().nullable(),
    priceCents: p.integer().nullable(),
    accessType: p.string().$type<AccessType>(),
    type: p.string().$type<ResourceType>(),
    sortOrder: p.integer(),
    updatedAt: p.datetime(),
  },
});

/** A catalog entry: what the site sells or gives away. Seeded from catalog.json. */
export class ResourceRecord extends ResourceSchema.class {}
ResourceSchema.setClass(ResourceRecord);
export { ResourceSchema };

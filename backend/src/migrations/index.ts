import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123000000_event_log } from './Migration20261123000000_event_log';
import { Migration20261123010000_catalog } from './Migration20261123010000_catalog';

/** Applied in this order; append new migrations, never edit one that has shipped. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261123000000_event_log', class: Migration20261123000000_event_log },
  { name: 'Migration20261123010000_catalog', class: Migration20261123010000_catalog },
];

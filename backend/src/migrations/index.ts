import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123000000_event_log } from './Migration20261123000000_event_log';

/** Applied in this order; append new migrations, never edit one that has shipped. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261123000000_event_log', class: Migration20261123000000_event_log },
];

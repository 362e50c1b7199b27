import { type EntitySchema, MikroORM } from '@mikro-orm/postgresql';
import pino from 'pino';
import { mikroOrmConfig } from '../../../../backend/src/platform/database/mikro-orm.config';
import { readModelEntities } from '../../../../backend/src/read-model-entities';

export const testDatabaseUrl = (): string => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run through the integration project');
  return url;
};

export const silentLog = pino({ level: 'silent' });

/** The app's MikroORM on the test database, with extra read-model entities a test defines. */
export function testOrm(extraEntities: EntitySchema[] = [], databaseUrl = testDatabaseUrl()): Promise<MikroORM> {
  const config = mikroOrmConfig({ DATABASE_URL: databaseUrl });
  return MikroORM.init({ ...config, entities: [...readModelEntities, ...extraEntities] });
}

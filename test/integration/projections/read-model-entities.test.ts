import type { MikroORM } from '@mikro-orm/postgresql';
import { testOrm } from '../events/support/orm';

let orm: MikroORM;
beforeAll(async () => {
  orm = await testOrm();
});
afterAll(() => orm?.close(true));

describe('the read-model entities', () => {
  it('map the migrated tables exactly: MikroORM would change nothing in them', async () => {
    const readModels = [...orm.getMetadata()].map((meta) => meta.tableName).filter((table) => table !== 'resources');
    const diff = await orm.schema.getUpdateSchemaSQL({ dropTables: false });
    const touching = diff.split('\n').filter((line) => readModels.some((table) => new RegExp(`"?${table}(_[a-z_]+)?"?\\b`).test(line)));
    expect(readModels.length).toBeGreaterThan(0);
    expect(touching).toEqual([]);
  });
});

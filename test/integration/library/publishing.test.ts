import { randomBytes, randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import pino from 'pino';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { PublishFileVersionHandler } from '../../../backend/src/modules/library/commands/publish-file-version.handler';
import { fileVersionsStreamId, libraryEvents, ResourceDownloaded, ResourceFileVersionPublished } from '../../../backend/src/modules/library/library.events';
import { publishManifest } from '../../../backend/src/modules/library/library-publisher';
import { LibraryDownloadsProjector } from '../../../backend/src/modules/library/projections/library-downloads.projector';
import { LibraryFilesProjector } from '../../../backend/src/modules/library/projections/library-files.projector';
import { DiskStorage } from '../../../backend/src/modules/library/storage/disk-storage';
import { libraryFixture, sha256, type LibraryFixture } from '../../support/library-fixture';
import { testPool } from '../../support/test-events';
import { testOrm } from '../events/support/orm';

const log = pino({ level: 'silent' });
let pools: Pool[];
let fixture: LibraryFixture;
let orm: MikroORM;
beforeAll(async () => {
  pools = [testPool(4), testPool(4)];
  orm = await testOrm();
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await orm?.close(true);
  await fixture?.remove();
});

/** One start of a process: its own pool, store and storage driver over the same database and folder. */
const startOf = (pool: Pool) =>
  new PublishFileVersionHandler(new EventStore(pool, new EventRegistry().register(...libraryEvents)), new DiskStorage(fixture.storageDir));
const versions = async (resourceId: string, name: string) =>
  (await pools[0]!.query('select data from events where stream_id = $1 order by stream_version', [fileVersionsStreamId(resourceId, name)])).rows.map(
    (r) => r.data as { version: number; sha256: string; source: string },
  );

describe('publishing built files as versions', () => {
  const resourceId = `test-resource-${randomUUID()}`;
  const first = randomBytes(50_000);

  it('two processes starting at once publish each file once; the next start publishes nothing', async () => {
    fixture = await libraryFixture([
      { resourceId, name: 'bundle.zip', contentType: 'application/zip', bytes: first },
      { resourceId, name: 'notes.md', contentType: 'text/markdown', bytes: Buffer.from('# Notes\n') },
    ]);
    const [a, b] = await Promise.all(pools.map((pool) => publishManifest({ libraryDir: fixture.dir, handler: startOf(pool), log })));
    expect(a!.published + b!.published).toBe(2);
    expect(a!.failed + b!.failed).toBe(0);
    expect((await versions(resourceId, 'bundle.zip')).map((v) => [v.version, v.sha256, v.source])).toEqual([[1, sha256(first), 'build']]);
    expect(await publishManifest({ libraryDir: fixture.dir, handler: startOf(pools[0]!), log })).toEqual({ published: 0, unchanged: 2, failed: 0 });
    expect(await versions(resourceId, 'notes.md')).toHaveLength(1);
  });

  it('a start with an empty store (a move from disk to S3) puts the latest built files into it, recording nothing', async () => {
    const { rm: remove, readdir } = await import('node:fs/promises');
    await remove(fixture.storageDir, { recursive: true, force: true });
    expect(await publishManifest({ libraryDir: fixture.dir, handler: startOf(pools[0]!), log })).toEqual({ published: 0, unchanged: 2, failed: 0 });
    expect((await readdir(fixture.storageDir, { recursive: true })).filter((p) => p.endsWith(sha256(first)))).toHaveLength(1);
    expect(await versions(resourceId, 'bundle.zip')).toHaveLength(1);
  });

  it('a build with changed bytes publishes the next version of that file only', async () => {
    const second = randomBytes(60_000);
    await fixture.build([
      { resourceId, name: 'bundle.zip', contentType: 'application/zip', bytes: second },
      { resourceId, name: 'notes.md', contentType: 'text/markdown', bytes: Buffer.from('# Notes\n') },
    ]);
    expect(await publishManifest({ libraryDir: fixture.dir, handler: startOf(pools[1]!), log })).toEqual({ published: 1, unchanged: 1, failed: 0 });
    expect((await versions(resourceId, 'bundle.zip')).map((v) => [v.version, v.sha256])).toEqual([
      [1, sha256(first)],
      [2, sha256(second)],
    ]);
  });

  it("an admin's upload stands through later starts with the same build", async () => {
    const uploaded = randomBytes(1000);
    const path = `${fixture.storageDir}-upload.bin`;
    await (await import('node:fs/promises')).writeFile(path, uploaded);
    const outcome = await startOf(pools[0]!).publish(
      { resourceId, name: 'bundle.zip', title: 'Bundle', description: '', contentType: 'application/zip', path, source: 'admin', actor: 'admin-user' },
      { correlationId: randomUUID(), causationId: null, actor: { kind: 'admin', userId: 'admin-user' } },
    );
    expect(outcome.status).toBe('appended');
    expect(await publishManifest({ libraryDir: fixture.dir, handler: startOf(pools[0]!), log })).toMatchObject({ published: 0 });
    expect((await versions(resourceId, 'bundle.zip')).map((v) => [v.version, v.source])).toEqual([
      [1, 'build'],
      [2, 'build'],
      [3, 'admin'],
    ]);
  });
});

describe('the library projectors', () => {
  const recorded = <Event>(event: Event) => ({
    ...event,
    streamId: 's',
    streamVersion: 1,
    position: 1n,
    transactionId: 1n,
    schemaVersion: 1,
    metadata: { correlationId: 'c', causationId: null, actor: { kind: 'system' as const } },
    recordedAt: new Date(),
  });
  const published = (resourceId: string, version: number) =>
    recorded(
      ResourceFileVersionPublished({
        resourceId,
        name: 'x.zip',
        title: `Title ${version}`,
        description: '',
        version,
        storageKey: `sha256/00/${'0'.repeat(63)}${version}`,
        sha256: `${'0'.repeat(63)}${version}`,
        bytes: 10 * version,
        contentType: 'application/zip',
        source: 'build',
        actor: 'build',
        at: new Date(Date.UTC(2026, 10, 24, 12, version)).toISOString(),
      }),
    );

  it('LibraryFilesProjector keeps every version and the latest per file, whatever order versions arrive in', async () => {
    const resourceId = `proj-${randomUUID()}`;
    const projector = new LibraryFilesProjector();
    await orm.em.fork().transactional(async (em) => {
      for (const version of [1, 3, 2]) await projector.apply(published(resourceId, version), em);
    });
    const rows = await orm.em.getConnection().execute('select version, title, bytes::int as bytes from rm_library_files where resource_id = ?', [resourceId]);
    expect(rows).toEqual([{ version: 3, title: 'Title 3', bytes: 30 }]);
    const all = await orm.em
      .getConnection()
      .execute<{ version: number }[]>('select version from rm_library_file_versions where resource_id = ? order by version', [resourceId]);
    expect(all.map((r) => r.version)).toEqual([1, 2, 3]);
  });

  it('LibraryDownloadsProjector counts downloads and keeps the latest', async () => {
    const userId = `user-${randomUUID()}`;
    const projector = new LibraryDownloadsProjector();
    const downloaded = (version: number, at: string) =>
      recorded(ResourceDownloaded({ userId, resourceId: 'meeting-notes-system', fileName: 'x.zip', version, at }));
    await orm.em.fork().transactional(async (em) => {
      await projector.apply(downloaded(2, '2026-11-24T12:05:00.000Z'), em);
      await projector.apply(downloaded(1, '2026-11-24T12:01:00.000Z'), em);
    });
    const [row] = await orm.em
      .getConnection()
      .execute<{ version: number; downloads: number; last_downloaded_at: Date }[]>(
        'select version, downloads, last_downloaded_at from rm_library_downloads where user_id = ?',
        [userId],
      );
    expect(row).toMatchObject({ version: 2, downloads: 2 });
    expect(new Date(row!.last_downloaded_at).toISOString()).toBe('2026-11-24T12:05:00.000Z');
  });
});

import { randomUUID } from 'node:crypto';
import { libraryEvents, ResourceFileVersionPublished } from '../../../backend/src/modules/library/library.events';
import { LibraryFilesProjector } from '../../../backend/src/modules/library/projections/library-files.projector';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new LibraryFilesProjector(), libraryEvents);

describe('LibraryFilesProjector', () => {
  it('keeps every version of a file once, and the newest as the file customers get', async () => {
    const resourceId = `res-${randomUUID()}`;
    await projection.given(
      published(resourceId, 'kit.zip', 1),
      published(resourceId, 'kit.zip', 2),
      published(resourceId, 'kit.zip', 2),
      published(resourceId, 'notes.md', 1),
    );
    expect(await versions(resourceId)).toEqual([
      ['kit.zip', 1],
      ['kit.zip', 2],
      ['notes.md', 1],
    ]);
    expect(await latest(resourceId)).toEqual([
      {
        name: 'kit.zip',
        version: 2,
        title: 'Kit v2',
        description: 'Version 2',
        storage_key: `sha256/${sha(2)}`,
        sha256: sha(2),
        bytes: '2000',
        content_type: 'application/zip',
        source: 'admin',
        published_at: at(2),
      },
      {
        name: 'notes.md',
        version: 1,
        title: 'Kit v1',
        description: 'Version 1',
        storage_key: `sha256/${sha(1)}`,
        sha256: sha(1),
        bytes: '1000',
        content_type: 'application/zip',
        source: 'build',
        published_at: at(1),
      },
    ]);
  });

  it('does not let an older version replace a newer one', async () => {
    const resourceId = `res-${randomUUID()}`;
    await projection.given(published(resourceId, 'kit.zip', 3), published(resourceId, 'kit.zip', 1));
    expect((await latest(resourceId)).map((file) => file.version)).toEqual([3]);
    expect(await versions(resourceId)).toEqual([
      ['kit.zip', 1],
      ['kit.zip', 3],
    ]);
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const resourceId = `res-${randomUUID()}`;
    await projection.given(published(resourceId, 'kit.zip', 1), published(resourceId, 'kit.zip', 2));
    const before = [await versions(resourceId), await latest(resourceId)];
    await projection.replay();
    expect([await versions(resourceId), await latest(resourceId)]).toEqual(before);
  });
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute)).toISOString();
const sha = (version: number) => String(version).repeat(64);

const published = (resourceId: string, name: string, version: number) =>
  ResourceFileVersionPublished({
    resourceId,
    name,
    title: `Kit v${version}`,
    description: `Version ${version}`,
    version,
    storageKey: `sha256/${sha(version)}`,
    sha256: sha(version),
    bytes: 1000 * version,
    contentType: 'application/zip',
    source: version === 1 ? 'build' : 'admin',
    actor: 'build',
    at: at(version),
  });

async function versions(resourceId: string) {
  const rows = await projection.rows<{ name: string; version: number }>(
    'select name, version from rm_library_file_versions where resource_id = $1 order by name, version',
    [resourceId],
  );
  return rows.map((row) => [row.name, row.version]);
}

async function latest(resourceId: string) {
  const rows = await projection.rows<Record<string, unknown> & { version: number; published_at: Date }>(
    'select name, version, title, description, storage_key, sha256, bytes::text, content_type, source, published_at from rm_library_files where resource_id = $1 order by name',
    [resourceId],
  );
  return rows.map((row) => ({ ...row, published_at: row.published_at.toISOString() }));
}

import { randomUUID } from 'node:crypto';
import { libraryEvents, ResourceDownloaded } from '../../../backend/src/modules/library/library.events';
import { LibraryDownloadsProjector } from '../../../backend/src/modules/library/projections/library-downloads.projector';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new LibraryDownloadsProjector(), libraryEvents);

describe('LibraryDownloadsProjector', () => {
  it('counts each customer’s downloads per file, keeping the last one’s version and time', async () => {
    const userId = `user-${randomUUID()}`;
    await projection.given(downloaded(userId, 'kit.zip', 1, 1), downloaded(userId, 'kit.zip', 2, 5), downloaded(userId, 'notes.md', 1, 3));
    expect(await downloads(userId)).toEqual([
      { file_name: 'kit.zip', version: 2, downloads: 2, last_downloaded_at: at(5) },
      { file_name: 'notes.md', version: 1, downloads: 1, last_downloaded_at: at(3) },
    ]);
  });

  it('counts a download recorded late without letting it replace the later one', async () => {
    const userId = `user-${randomUUID()}`;
    await projection.given(downloaded(userId, 'kit.zip', 3, 9), downloaded(userId, 'kit.zip', 1, 2));
    expect(await downloads(userId)).toEqual([{ file_name: 'kit.zip', version: 3, downloads: 2, last_downloaded_at: at(9) }]);
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const userId = `user-${randomUUID()}`;
    await projection.given(downloaded(userId, 'kit.zip', 1, 1), downloaded(userId, 'kit.zip', 1, 2));
    const before = await downloads(userId);
    await projection.replay();
    expect(await downloads(userId)).toEqual(before);
  });
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute)).toISOString();

const downloaded = (userId: string, fileName: string, version: number, minute: number) =>
  ResourceDownloaded({ userId, resourceId: 'vault-kit', fileName, version, at: at(minute) });

async function downloads(userId: string) {
  const rows = await projection.rows<{ file_name: string; version: number; downloads: number; last_downloaded_at: Date }>(
    'select file_name, version, downloads, last_downloaded_at from rm_library_downloads where user_id = $1 order by file_name',
    [userId],
  );
  return rows.map((row) => ({ ...row, last_downloaded_at: row.last_downloaded_at.toISOString() }));
}

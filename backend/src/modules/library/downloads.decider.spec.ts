import { deciderSpec } from '../../../../test/support/decider-spec';
import { downloadsDecider, type DownloadsCommand } from './downloads.decider';
import { ResourceDownloaded } from './library.events';

const spec = deciderSpec(downloadsDecider);

describe('a customer who has never downloaded anything', () => {
  it('records the download, at the moment the command brings', () => {
    spec
      .given([])
      .when(download(1, '2026-11-25T09:00:00.000Z'))
      .then([downloaded(1, '2026-11-25T09:00:00.000Z')]);
  });
});

describe('a customer who downloaded the same file before', () => {
  it('records this download too: every download counts', () => {
    spec
      .given([downloaded(1, '2026-11-24T09:00:00.000Z')])
      .when(download(1, '2026-11-25T09:00:00.000Z'))
      .then([downloaded(1, '2026-11-25T09:00:00.000Z')]);
  });
});

function download(version: number, at: string): DownloadsCommand {
  return { type: 'RecordDownload', userId: 'user-1', resourceId: 'vault-kit', fileName: 'vault-kit.zip', version, at };
}

function downloaded(version: number, at: string) {
  return ResourceDownloaded({ userId: 'user-1', resourceId: 'vault-kit', fileName: 'vault-kit.zip', version, at });
}

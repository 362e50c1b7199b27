import type { EventStore } from '../../../events/event-store';
import type { ServerFnContext } from '../../../server-fn/server-fn-context';
import { downloadsStreamId, ResourceDownloaded } from '../library.events';

/**
 * Records a download without the download waiting for it: the append runs beside the stream, and a
 * failure is logged, never turned into a failed download.
 */
export class DownloadRecorder {
  constructor(private readonly store: EventStore) {}

  record(download: { userId: string; resourceId: string; fileName: string; version: number }, context: Pick<ServerFnContext, 'requestId' | 'log'>): void {
    const event = ResourceDownloaded({ ...download, at: new Date().toISOString() });
    this.store
      .append(downloadsStreamId(download.userId), 'any', [event], { correlationId: context.requestId, causationId: null, actor: { kind: 'user', userId: download.userId } })
      .catch((error: unknown) => context.log.error({ err: error, ...download }, 'library: a download could not be recorded'));
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { downloadsDecider } from '../downloads.decider';
import { downloadsStreamId } from '../library.events';

export class RecordDownload extends Command<void> {
  constructor(
    readonly download: { userId: string; resourceId: string; fileName: string; version: number },
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

/**
 * Records one download. The decider needs no history (every download is recorded), so the stream
 * is not read and the append expects 'any' version: two downloads at once are both recorded,
 * with no conflict to retry.
 */
@CommandHandler(RecordDownload)
export class RecordDownloadHandler implements ICommandHandler<RecordDownload, void> {
  constructor(private readonly store: EventStore) {}

  async execute({ download, metadata }: RecordDownload): Promise<void> {
    const events = downloadsDecider.decide({ type: 'RecordDownload', ...download, at: new Date().toISOString() }, downloadsDecider.initialState());
    await this.store.append(downloadsStreamId(download.userId), 'any', events, metadata);
  }
}

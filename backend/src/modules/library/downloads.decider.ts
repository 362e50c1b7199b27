import type { Decider } from '../../events/decider';
import { ResourceDownloaded } from './library.events';

export type DownloadsCommand = { type: 'RecordDownload'; userId: string; resourceId: string; fileName: string; version: number; at: string };

export type DownloadEvent = ReturnType<typeof ResourceDownloaded>;

/**
 * A customer's downloads: every download is recorded, whatever came before, so the stream holds
 * nothing a decision needs (and its handler appends without reading it).
 */
export const downloadsDecider: Decider<DownloadsCommand, DownloadEvent, null> = {
  events: [ResourceDownloaded],
  initialState: () => null,

  evolve: (state) => state,

  decide(command) {
    switch (command.type) {
      case 'RecordDownload':
        return [
          ResourceDownloaded({ userId: command.userId, resourceId: command.resourceId, fileName: command.fileName, version: command.version, at: command.at }),
        ];
      default: {
        const unreachable: never = command.type;
        return unreachable;
      }
    }
  },
};

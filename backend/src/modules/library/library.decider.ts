import type { Decider } from '../../events/decider';
import { type FileVersionEvent, ResourceFileVersionPublished } from './library.events';

export interface FileVersionsState {
  version: number;
  sha256: string | null;
  /** The bytes the build last brought: an admin's upload stands until the repository's file changes. */
  buildSha256: string | null;
}

export interface PublishFileVersion {
  type: 'PublishFileVersion';
  resourceId: string;
  name: string;
  title: string;
  description: string;
  storageKey: string;
  sha256: string;
  bytes: number;
  contentType: string;
  source: 'build' | 'admin';
  actor: string;
  now: Date;
}

export type FileVersionsCommand = PublishFileVersion;

/**
 * A file's versions: new bytes make the next version; the bytes of the latest version again make
 * nothing, so every start (of any number of processes) publishes a built file once. A build only
 * publishes what changed in the repository since the build last published, so a start never
 * undoes an admin's newer upload with the older built file.
 */
export const fileVersionsDecider: Decider<FileVersionsCommand, FileVersionEvent, FileVersionsState> = {
  events: [ResourceFileVersionPublished],
  initialState: () => ({ version: 0, sha256: null, buildSha256: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'ResourceFileVersionPublished':
        return { version: event.data.version, sha256: event.data.sha256, buildSha256: event.data.source === 'build' ? event.data.sha256 : state.buildSha256 };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'PublishFileVersion': {
        if (command.sha256 === state.sha256) return [];
        if (command.source === 'build' && command.sha256 === state.buildSha256) return [];
        const { type: _type, now, ...file } = command;
        return [ResourceFileVersionPublished({ ...file, version: state.version + 1, at: now.toISOString() })];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { type CommandOutcome, runCommand } from '../../../events/command-runner';
import { fold } from '../../../events/decider';
import type { EventMetadata } from '../../../events/event-metadata';
import type { EventStore } from '../../../events/event-store';
import { fileVersionsDecider, type FileVersionsState, type PublishFileVersion } from '../library.decider';
import { fileVersionsStreamId } from '../library.events';
import { contentKey, type ObjectStorage } from '../storage/object-storage';

export interface FileToPublish {
  resourceId: string;
  name: string;
  title: string;
  description: string;
  contentType: string;
  /** A file on this machine (the build's output, or an upload multer kept in a temporary file). */
  path: string;
  source: 'build' | 'admin';
  actor: string;
}

/** The SHA-256 and length of a file, read as a stream (a 50 MB file is never held in memory). */
export async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return { sha256: hash.digest('hex'), bytes: (await stat(path)).size };
}

/**
 * Puts a file's bytes into storage (under their hash, so once) and records the version, unless the
 * decider says these bytes are already what the file holds. Safe to run from several processes at
 * once: storage writes of one key are the same bytes, and the append is decided on the file's stream.
 */
export class PublishFileVersionHandler {
  constructor(
    private readonly store: EventStore,
    private readonly storage: ObjectStorage,
  ) {}

  async publish(file: FileToPublish, metadata: EventMetadata, known?: { sha256: string }): Promise<CommandOutcome<FileVersionsState>> {
    const streamId = fileVersionsStreamId(file.resourceId, file.name);
    const state = fold(fileVersionsDecider, await this.store.readStream(streamId, fileVersionsDecider.events));
    // The build's manifest names its hash: an unchanged file is only read when storage lacks it
    // (a new bucket after moving from disk to S3), so every start leaves the latest version servable.
    if (known && (known.sha256 === state.sha256 || (file.source === 'build' && known.sha256 === state.buildSha256))) {
      if (known.sha256 === state.sha256) await this.keep(file, known.sha256);
      return { status: 'unchanged', state };
    }
    const { sha256, bytes } = await hashFile(file.path);
    const storageKey = await this.keep(file, sha256, bytes);
    const command: PublishFileVersion = { type: 'PublishFileVersion', ...withoutPath(file), storageKey, sha256, bytes, now: new Date() };
    return runCommand({ store: this.store, streamId, decider: fileVersionsDecider, command, metadata });
  }

  /** Puts the file under its content key unless storage already holds it; answers the key. */
  private async keep(file: FileToPublish, sha256: string, bytes?: number): Promise<string> {
    const storageKey = contentKey(sha256);
    if (await this.storage.head(storageKey)) return storageKey;
    const size = bytes ?? (await hashFile(file.path)).bytes;
    await this.storage.put(storageKey, createReadStream(file.path) as unknown as Readable, { contentType: file.contentType, bytes: size });
    return storageKey;
  }
}

function withoutPath(file: FileToPublish): Omit<FileToPublish, 'path'> {
  const { path: _path, ...rest } = file;
  return rest;
}

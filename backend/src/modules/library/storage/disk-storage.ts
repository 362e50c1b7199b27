import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type ByteRange, type ObjectRead, type ObjectStorage, type StoredObject } from './object-storage';

/**
 * The embedded default: a folder. Each object is its file plus a `.meta` file holding its
 * content type. Writes go to a temporary name first and are renamed into place, so a reader
 * (or another process publishing the same key) never sees half a file.
 */
export class DiskStorage implements ObjectStorage {
  readonly driver = 'disk' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.part`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(temporary, body);
      else await pipeline(body, createWriteStream(temporary));
      await writeFile(`${temporary}.meta`, JSON.stringify({ contentType: options.contentType }));
      await rename(`${temporary}.meta`, `${path}.meta`);
      await rename(temporary, path);
    } finally {
      await rm(temporary, { force: true });
      await rm(`${temporary}.meta`, { force: true });
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const path = this.path(key);
    try {
      const [info, meta] = await Promise.all([stat(path), readFile(`${path}.meta`, 'utf8')]);
      return { bytes: info.size, lastModified: info.mtime, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<ObjectRead | null> {
    const found = await this.head(key);
    if (!found) return null;
    const body = createReadStream(this.path(key), range ? { start: range.start, end: range.end, highWaterMark: 256 * 1024 } : { highWaterMark: 256 * 1024 });
    return { ...found, body: body as unknown as Readable };
  }

  private path(key: string): string {
    assertStorageKey(key);
    return join(this.root, ...key.split('/'));
  }
}

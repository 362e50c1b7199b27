import type { Readable } from 'node:stream';

/** What storage knows of a kept object. */
export interface StoredObject {
  bytes: number;
  contentType: string;
  lastModified: Date;
}

/** Inclusive byte offsets, as HTTP's Range counts them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectRead extends StoredObject {
  /** The object's bytes, or the range's when one was asked for. */
  body: Readable;
}

/**
 * Where file versions live. Keys are content hashes, so a put of a key that exists stores the
 * same bytes again and is harmless. Objects are never deleted: an older version stays readable
 * for anyone holding a link made before a newer one was published.
 */
export interface ObjectStorage {
  readonly driver: 'disk' | 's3';
  /** A Readable body needs its length (S3 wants it up front). */
  put(key: string, body: Buffer | Readable, options: { contentType: string; bytes?: number }): Promise<void>;
  head(key: string): Promise<StoredObject | null>;
  get(key: string, range?: ByteRange): Promise<ObjectRead | null>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Keys come from our own code (content hashes), but a key is never allowed to climb out of its store. */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((part) => part === '..' || part.endsWith('.meta'))) {
    throw new Error(`"${key}" is not a storage key`);
  }
}

/** The key of a file's bytes: its SHA-256, so one content is kept once whatever its name. */
export const contentKey = (sha256: string) => `sha256/${sha256.slice(0, 2)}/${sha256}`;

import { GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { assertStorageKey, type ByteRange, type ObjectRead, type ObjectStorage, type StoredObject } from './object-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const missing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** Any S3-compatible store through the AWS SDK (AWS itself, MinIO, R2, …). */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's default trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer | Readable, options: { contentType: string; bytes?: number }): Promise<void> {
    assertStorageKey(key);
    const bytes = Buffer.isBuffer(body) ? body.length : options.bytes;
    if (bytes === undefined) throw new Error('S3Storage.put needs the length of a streamed body');
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: options.contentType, ContentLength: bytes }));
  }

  async head(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return {
        bytes: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<ObjectRead | null> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const total = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : (answer.ContentLength ?? 0);
      return {
        bytes: total,
        contentType: answer.ContentType ?? 'application/octet-stream',
        lastModified: answer.LastModified ?? new Date(0),
        body: answer.Body as Readable,
      };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DiskStorage } from '../../../backend/src/modules/library/storage/disk-storage';
import { contentKey, type ObjectStorage } from '../../../backend/src/modules/library/storage/object-storage';
import { S3Storage } from '../../../backend/src/modules/library/storage/s3-storage';
import { startLocalS3, type LocalS3 } from '../../support/s3-server';

let s3: LocalS3;
let folder: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  folder = await mkdtemp(join(tmpdir(), 'sculpt-disk-storage-'));
});
afterAll(async () => {
  await s3?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const drivers: Array<[string, () => ObjectStorage]> = [
  ['disk', () => new DiskStorage(folder)],
  [
    's3 (s3rver)',
    () =>
      new S3Storage({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
  ],
];

const read = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

const keyOf = (bytes: Buffer) => contentKey(createHash('sha256').update(bytes).digest('hex'));

describe.each(drivers)('the %s driver', (_name, make) => {
  it('keeps a buffer with its content type, and reads it whole or by byte range', async () => {
    const storage = make();
    const bytes = randomBytes(300_000);
    const key = keyOf(bytes);
    await storage.put(key, bytes, { contentType: 'application/zip' });

    expect(await storage.head(key)).toMatchObject({ bytes: 300_000, contentType: 'application/zip' });
    const whole = await storage.get(key);
    expect(whole).toMatchObject({ bytes: 300_000, contentType: 'application/zip' });
    expect((await read(whole!.body)).equals(bytes)).toBe(true);

    const part = await storage.get(key, { start: 1000, end: 1999 });
    expect(part!.bytes).toBe(300_000);
    expect((await read(part!.body)).equals(bytes.subarray(1000, 2000))).toBe(true);
  });

  it('keeps a stream of known length; putting the same key again changes nothing', async () => {
    const storage = make();
    const bytes = Buffer.from('# Daily note\n\n- [ ] Plan the day\n', 'utf8');
    const key = keyOf(bytes);
    await storage.put(key, Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]), { contentType: 'text/markdown; charset=utf-8', bytes: bytes.length });
    await storage.put(key, bytes, { contentType: 'text/markdown; charset=utf-8' });
    expect((await read((await storage.get(key))!.body)).toString('utf8')).toBe(bytes.toString('utf8'));
    expect((await storage.head(key))!.bytes).toBe(bytes.length);
  });

  it('answers null for a key it does not hold', async () => {
    const storage = make();
    expect(await storage.head(contentKey('0'.repeat(64)))).toBeNull();
    expect(await storage.get(contentKey('0'.repeat(64)))).toBeNull();
  });

  it('refuses a key that could leave the store', async () => {
    const storage = make();
    await expect(storage.put('../escape', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/not a storage key/);
    await expect(storage.get('sha256/../../etc/passwd')).rejects.toThrow(/not a storage key/);
  });
});

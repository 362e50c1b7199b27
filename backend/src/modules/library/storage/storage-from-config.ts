import type { AppConfig } from '../../../platform/config/config.schema';
import { DiskStorage } from './disk-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

/** The configured driver: a folder by default, an S3-compatible bucket with STORAGE_DRIVER=s3. */
export function storageFromConfig(config: AppConfig): ObjectStorage {
  if (config.STORAGE_DRIVER === 'disk') return new DiskStorage(config.STORAGE_DIR);
  return new S3Storage({
    bucket: config.STORAGE_S3_BUCKET!,
    region: config.STORAGE_S3_REGION!,
    endpoint: config.STORAGE_S3_ENDPOINT,
    forcePathStyle: config.STORAGE_S3_FORCE_PATH_STYLE,
    credentials: config.STORAGE_S3_ACCESS_KEY_ID
      ? { accessKeyId: config.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: config.STORAGE_S3_SECRET_ACCESS_KEY! }
      : undefined,
  });
}

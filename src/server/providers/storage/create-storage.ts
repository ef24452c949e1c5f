import { join } from 'node:path';
import { createLocalStorage } from './local-storage';
import { createS3Storage, type S3StorageConfig } from './s3-storage';
import type { FileStorage } from './storage';

/** Local disk under DATA_DIR/uploads by default; S3-compatible storage when S3_BUCKET is set. */
export function createStorage(opts: { dataDir: string; s3?: S3StorageConfig }): FileStorage {
  return opts.s3 ? createS3Storage(opts.s3) : createLocalStorage(join(opts.dataDir, 'uploads'));
}

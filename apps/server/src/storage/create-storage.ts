import path from 'node:path';
import type { Config } from '../config.js';
import type { FileStorage } from './file-storage.js';
import { LocalDiskStorage } from './local-disk.js';
import { S3Storage, s3Client } from './s3.js';

export interface OpenedStorage {
  storage: FileStorage;
  /** Closes what the storage holds open (the S3 client's connections). */
  close(): void;
}

/**
 * The storage STORAGE_BACKEND names: DATA_DIR/files on the local disk, or the S3 bucket, checked
 * reachable first, so a wrong address, bucket or key stops the start with a sentence that says so
 * instead of failing the first upload.
 */
export async function openStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<OpenedStorage> {
  if (config.storage.backend === 'local')
    return { storage: new LocalDiskStorage(path.join(config.dataDir, 'files')), close: () => undefined };
  const s3 = new S3Storage(s3Client(config.storage), config.storage.bucket);
  try {
    await s3.check(config.storage.endpoint);
  } catch (err) {
    s3.destroy();
    throw err;
  }
  return { storage: s3, close: () => s3.destroy() };
}

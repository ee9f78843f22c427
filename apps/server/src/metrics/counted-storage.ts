import type { Readable } from 'node:stream';
import type { ByteRange, FileStorage } from '../storage/file-storage.js';
import type { Metrics } from './metrics.js';

/** A file storage that counts the files written through it and their bytes, for /metrics. */
export class CountedStorage implements FileStorage {
  constructor(
    private readonly inner: FileStorage,
    private readonly metrics: Metrics,
  ) {}

  async put(key: string, source: Readable): Promise<number> {
    const bytes = await this.inner.put(key, source);
    this.metrics.filesStored.inc();
    this.metrics.bytesStored.inc(bytes);
    return bytes;
  }

  get(key: string, range?: ByteRange): Promise<Readable> {
    return this.inner.get(key, range);
  }

  size(key: string): Promise<number | null> {
    return this.inner.size(key);
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }

  list(): AsyncIterable<string> {
    return this.inner.list();
  }

  localPath(key: string): string | null {
    return this.inner.localPath(key);
  }
}

import type { Readable } from 'node:stream';

/** Bytes of a stored file, both ends included (as an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: the local disk (local-disk.ts) or an S3-compatible bucket (s3.ts), chosen
 * by STORAGE_BACKEND (create-storage.ts). Keys are opaque strings the server chooses (random, never
 * from user input). The operations are the ones an S3-compatible store offers (PutObject from a
 * stream, GetObject with a Range, HeadObject, DeleteObject, ListObjectsV2).
 */
export interface FileStorage {
  /**
   * Stores a stream under a key and resolves with its size once every byte is stored. The file is
   * visible under the key only when complete: a failed or aborted write leaves nothing behind.
   */
  put(key: string, source: Readable): Promise<number>;
  /** A stream of the file (or of a range of it); rejects with code 'ENOENT' if there is no such file. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The file's size in bytes, or null if there is no such file. */
  size(key: string): Promise<number | null>;
  /** Removes the file; removing a missing file succeeds. */
  delete(key: string): Promise<void>;
  /** Every stored key (complete files only), in no particular order: what a backup copies. */
  list(): AsyncIterable<string>;
  /**
   * A path on this machine's disk, for readers that work best with random access (the image
   * library reads large photos without holding them in memory); null where files are remote.
   */
  localPath(key: string): string | null;
}

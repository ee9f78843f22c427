import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { ByteRange, FileStorage } from './file-storage.js';
import { checkKey } from './keys.js';

/**
 * Files on the local disk under one folder (DATA_DIR/files by default). A write goes to a temporary
 * name in the same folder and is renamed into place when complete, so a crash or an aborted upload
 * never leaves a partial file under its key.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, source: Readable): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
      const { size } = await stat(temporary);
      await rename(temporary, target);
      return size;
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file); // rejects with ENOENT before a stream is handed out
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Files still being written (their '.partial' names) are left out: they are not stored yet. */
  async *list(): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // nothing uploaded yet
      throw err;
    }
    for (const e of entries)
      if (e.isFile() && !e.name.endsWith('.partial'))
        yield path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join('/');
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }
}

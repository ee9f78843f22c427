/**
 * Unpacks an archive into a staging folder: the manifest first (checked before anything is written),
 * the tables' COPY files, and the stored files through a storage (the staging folder's, or the S3
 * bucket), which refuses any key the server would not have made (no absolute paths, no '..'), writing
 * each under its name only once whole.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { extract as tarExtract } from 'tar-stream';
import type { FileStorage } from '../storage/file-storage.js';
import {
  DATABASE_FOLDER,
  FILES_FOLDER,
  MANIFEST_ENTRY,
  parseManifest,
  tableEntry,
  type Manifest,
} from './archive-format.js';

/**
 * Unpacks `archive`'s tables into staging/database and its files into `storage`; `check` sees the
 * manifest before anything else is written and may refuse it by throwing.
 */
export async function unpackArchive(
  archive: string,
  staging: string,
  storage: FileStorage,
  check: (manifest: Manifest) => Promise<void>,
): Promise<Manifest> {
  const extract = tarExtract();
  const unpacking = pipeline(createReadStream(archive), createGunzip(), extract);
  await mkdir(path.join(staging, DATABASE_FOLDER), { recursive: true });
  let manifest: Manifest | undefined;
  let files = 0;
  try {
    for await (const tarEntry of extract) {
      // tar-stream's entries are streamx streams: node's own, for the storage and the pipelines.
      const entry = Readable.from(tarEntry as AsyncIterable<Buffer>);
      const name = tarEntry.header.name;
      if (!manifest) {
        if (name !== MANIFEST_ENTRY)
          throw new Error('This is not a Hearth backup (it does not start with a manifest).');
        manifest = parseManifest(await text(entry));
        await check(manifest);
      } else if (name.startsWith(FILES_FOLDER) && tarEntry.header.type === 'file') {
        await storage.put(name.slice(FILES_FOLDER.length), entry);
        files++;
      } else if (manifest.tables.some((t) => tableEntry(t.name) === name)) {
        await pipeline(entry, createWriteStream(path.join(staging, name), { flags: 'wx' }));
      } else {
        throw new Error(`This backup holds an entry this release does not know (${name}).`);
      }
    }
    await unpacking;
  } catch (err) {
    extract.destroy();
    await unpacking.catch(() => undefined);
    if (err instanceof Error && /Invalid storage key/.test(err.message))
      throw new Error('This backup names a stored file outside its files folder; nothing was restored.');
    throw err;
  }
  if (!manifest) throw new Error('This is not a Hearth backup (it is empty).');
  if (files !== manifest.files)
    throw new Error(`This backup is incomplete: it should hold ${manifest.files} files, it holds ${files}.`);
  return manifest;
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

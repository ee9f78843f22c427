import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The storage keys of every file under root (DATA_DIR/files), as paths relative to it with '/'.
 * Files still being written (LocalDiskStorage's '.partial' names) are left out: no row names them.
 */
export async function listStoredFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []; // nothing uploaded yet
    throw err;
  }
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.partial'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

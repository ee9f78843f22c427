import type { FileStorage } from '../storage/file-storage.js';

/**
 * The storage keys of every stored file, sorted (the archive's order). Files still being written are
 * not listed by either storage: no row names them yet.
 */
export async function listStoredFiles(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
}

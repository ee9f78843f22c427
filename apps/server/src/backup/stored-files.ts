import type { FileStorage } from '../storage/file-storage.js';
import { isStorageKey } from '../storage/keys.js';

/**
 * The storage keys of every stored file, sorted (the archive's order). Files still being written are
 * not listed by either storage: no row names them yet. An object the server could not have made is
 * left out, not a reason to fail: a bucket may hold others' objects beside Hearth's (the `folder/`
 * marker a console makes), which Hearth neither serves nor may read by such a key.
 */
export async function listStoredFiles(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) if (isStorageKey(key)) keys.push(key);
  return keys.sort();
}

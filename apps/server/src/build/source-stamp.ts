/**
 * A fingerprint of a build's sources: the SHA-256 of every file's path and contents. Contents, not
 * modification times: a checkout or copy that leaves every byte as it was costs no rebuild, and a
 * change of one byte always makes one, whatever the clocks say.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export interface SourceSet {
  /** What the paths are relative to. */
  root: string;
  /** Files and folders (walked recursively) under root. */
  paths: readonly string[];
  /** Leaves out a file by its path relative to root, with forward slashes (e.g. tests). */
  skip?: (relative: string) => boolean;
}

/** Never sources: installed packages, build outputs, and dot-folders such as caches. */
const NEVER = new Set(['node_modules', 'dist']);

export async function sourceStamp(sources: SourceSet): Promise<string> {
  const files: string[] = [];
  const missing: string[] = [];
  for (const entry of sources.paths) {
    const found = await listFiles(sources.root, entry);
    if (found) files.push(...found);
    else missing.push(entry);
  }
  const hash = createHash('sha256');
  for (const relative of [...new Set(files)].filter((f) => !sources.skip?.(f)).sort()) {
    const contents = await readFile(path.join(sources.root, relative));
    hash.update(`${relative}\0${contents.length}\0`).update(contents);
  }
  // A source that is missing is part of the fingerprint too: it appearing later is a change.
  for (const entry of missing.sort()) hash.update(`missing\0${entry}\0`);
  return hash.digest('hex');
}

/** The files under root/relative (itself if a file), or null when it does not exist. */
async function listFiles(root: string, relative: string): Promise<string[] | null> {
  const info = await stat(path.join(root, relative)).catch(() => null);
  if (!info) return null;
  if (!info.isDirectory()) return [toPosix(relative)];
  const files: string[] = [];
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || NEVER.has(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) files.push(...((await listFiles(root, child)) ?? []));
    else if (entry.isFile()) files.push(toPosix(child));
  }
  return files;
}

function toPosix(relative: string): string {
  return relative.split(path.sep).join('/');
}

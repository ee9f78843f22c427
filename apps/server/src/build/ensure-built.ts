/**
 * Builds what is out of date, and only that: each target's sources are fingerprinted and compared
 * with the fingerprint stored when it was last built. Says in one line what it does.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sourceStamp, type SourceSet } from './source-stamp.js';

export interface BuildTarget {
  /** As said in the line: "the server", "the web client". */
  name: string;
  sources: SourceSet;
  /** Files a finished build leaves; a build with one missing is not up to date, whatever its stamp. */
  outputs: readonly string[];
  /** Where the fingerprint of the sources of the last finished build is kept. */
  stampFile: string;
  build(): Promise<void>;
}

/** The names of the targets built (none when all were up to date). */
export async function ensureBuilt(targets: readonly BuildTarget[], say: (line: string) => void): Promise<string[]> {
  const stale: { target: BuildTarget; stamp: string; everBuilt: boolean }[] = [];
  for (const target of targets) {
    const stamp = await sourceStamp(target.sources);
    const stored = await readFile(target.stampFile, 'utf8').catch(() => null);
    const complete = target.outputs.every((file) => existsSync(file));
    if (stored !== stamp || !complete) stale.push({ target, stamp, everBuilt: stored !== null && complete });
  }
  if (stale.length === 0) {
    say(
      `${capitalise(listOf(targets.map((t) => t.name.replace(/^the /, ''))))} ${targets.length > 1 ? 'are' : 'is'} up to date`,
    );
    return [];
  }
  const why = stale.some((s) => s.everBuilt) ? 'sources changed' : 'not built yet';
  say(`Building ${listOf(stale.map((s) => s.target.name))} (${why})...`);
  for (const { target, stamp } of stale) {
    // Dropped first, so a build that fails half-way is never taken for a finished one.
    await rm(target.stampFile, { force: true });
    await target.build();
    await mkdir(path.dirname(target.stampFile), { recursive: true });
    await writeFile(`${target.stampFile}.tmp`, stamp);
    await rename(`${target.stampFile}.tmp`, target.stampFile);
  }
  return stale.map((s) => s.target.name);
}

function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

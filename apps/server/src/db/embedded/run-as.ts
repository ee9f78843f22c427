/**
 * PostgreSQL refuses to run as root. Started by root, it runs as the `postgres` system user, which
 * must be able to reach its binaries and its data folder; these helpers see the file system as
 * that user does.
 */
import { execFileSync, spawnSync } from 'node:child_process';

export interface RunAs {
  uid: number;
  gid: number;
}

export const POSTGRES_USER = 'postgres';

export const runningAsRoot = () => process.getuid?.() === 0;

/** The `postgres` system user, created when missing (as Debian's own PostgreSQL package does). */
export function postgresUser(): RunAs {
  let ids = lookup();
  if (!ids) {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', POSTGRES_USER], { stdio: 'pipe' });
    } catch (err) {
      throw new Error(
        `PostgreSQL cannot run as root and there is no '${POSTGRES_USER}' user to run it as; creating one failed (${firstLine(err)}). Create it (useradd --system ${POSTGRES_USER}) or start Hearth as another user.`,
      );
    }
    ids = lookup();
    if (!ids) throw new Error(`The '${POSTGRES_USER}' user was created but cannot be found; start Hearth again.`);
  }
  return ids;
}

function lookup(): RunAs | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', POSTGRES_USER], { stdio: 'pipe', encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', POSTGRES_USER], { stdio: 'pipe', encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `user` may use `target` that way (`test -x`, run as that user): the kernel's own answer,
 * which accounts for every folder on the way, modes, ownership and ACLs.
 */
export function canAccess(user: RunAs, target: string, mode: 'x' | 'w' | 'r'): boolean {
  return spawnSync('test', [`-${mode}`, target], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

export function firstLine(err: unknown): string {
  const text = err instanceof Error ? (err as { stderr?: unknown }).stderr?.toString() || err.message : String(err);
  return text.trim().split('\n')[0] ?? '';
}

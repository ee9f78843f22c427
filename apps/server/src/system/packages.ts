/**
 * Installing what the server or its tests need from the system (coturn, and for the tests
 * redis-server and Chromium) when it is missing and that is possible: as root on Debian or Ubuntu,
 * with apt-get. Elsewhere the caller says in one line exactly what to install.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { which } from './which.js';

export { which };

/** os-release's ID and ID_LIKE (e.g. 'debian', 'ubuntu debian'), lower case. */
function osFamily(release: string): string {
  return [...release.matchAll(/^(?:ID|ID_LIKE)="?([^"\n]*)"?$/gm)].map((m) => m[1]!.toLowerCase()).join(' ');
}

/** This system's /etc/os-release, or '' (not Linux, or unreadable). */
function osRelease(): string {
  try {
    return readFileSync('/etc/os-release', 'utf8');
  } catch {
    return '';
  }
}

/** Whether apt-get may be used here: root, on Debian or a system derived from it (Ubuntu). */
export function canUseApt(): boolean {
  return (
    process.getuid?.() === 0 && which('apt-get') !== undefined && /\b(debian|ubuntu)\b/.test(osFamily(osRelease()))
  );
}

/** Installs Debian packages, saying so in one line; throws with apt's last words on failure. */
export function aptInstall(packages: string[], why: string): void {
  console.log(`Installing ${packages.join(', ')} with apt-get (${why})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...packages],
  ]) {
    const result = spawnSync('apt-get', args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (result.status !== 0) {
      const said = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').slice(-2).join(' ');
      throw new Error(`apt-get ${args[0]} failed (${said || `exit ${result.status ?? result.error?.message}`})`);
    }
  }
}

/**
 * For what the tests need from the system: installs `packages` with apt-get where that may be used,
 * else throws `help` (the line saying what to install); a failed install throws it with apt's reason.
 */
export function installOrExplain(packages: string[], why: string, help: string): void {
  if (!canUseApt()) throw new Error(help);
  try {
    aptInstall(packages, why);
  } catch (err) {
    throw new Error(`${help} (${err instanceof Error ? err.message : String(err)})`);
  }
}

/** A package's name per package manager, where it differs from the Debian one. */
export interface PackageNames {
  debian: string;
  fedora?: string;
  arch?: string;
  alpine?: string;
  brew?: string;
}

/**
 * The command that installs the package on this system, for a line telling the user what to do:
 * e.g. 'apt-get install coturn' (run as root), 'dnf install coturn', 'brew install coturn'; undefined
 * when the system is none of those. `platform` and `release` (os-release's text) are this system's
 * unless given.
 */
export function installCommand(
  names: PackageNames,
  platform: NodeJS.Platform = process.platform,
  release: string = platform === 'linux' ? osRelease() : '',
): string | undefined {
  if (platform === 'darwin') return `brew install ${names.brew ?? names.debian}`;
  const family = osFamily(release);
  if (/\b(debian|ubuntu)\b/.test(family)) return `apt-get install ${names.debian}`;
  if (/\b(fedora|rhel|centos)\b/.test(family)) return `dnf install ${names.fedora ?? names.debian}`;
  if (/\barch\b/.test(family)) return `pacman -S ${names.arch ?? names.debian}`;
  if (/\balpine\b/.test(family)) return `apk add ${names.alpine ?? names.debian}`;
  return undefined;
}

/**
 * What the test run needs from the system (redis-server, coturn, Chromium) is installed by the test run
 * itself when it is missing and it can: as root on Debian or Ubuntu, with apt-get. Otherwise it
 * stops with one line that says what to install.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { which } from '../system/which.js';

// The server looks for coturn the same way, so the lookup lives outside the test support.
export { which };

/** Whether apt-get may be used here: root, on Debian or a system derived from it (Ubuntu). */
export function canUseApt(): boolean {
  if (process.getuid?.() !== 0 || !which('apt-get')) return false;
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return false;
  }
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
      throw new Error(`apt-get ${args[0]} failed (${said || `exit ${result.status}`})`);
    }
  }
}

/**
 * A helper program the server starts must not outlive it. An exit handler covers every end but
 * SIGKILL (kill -9, the OOM killer), after which the helper would run on, orphaned. On Linux,
 * util-linux's setpriv asks the kernel to kill the helper when its parent dies, however it dies.
 */
import { spawnSync } from 'node:child_process';
import { which } from './which.js';

let prefix: string[] | undefined;

/** setpriv with --pdeathsig (util-linux 2.33 and later), or nothing where there is none. */
function deathSignalPrefix(): string[] {
  if (prefix) return prefix;
  const setpriv = process.platform === 'linux' ? which('setpriv') : undefined;
  const help = setpriv ? spawnSync(setpriv, ['--help'], { encoding: 'utf8' }).stdout : '';
  prefix = setpriv && help?.includes('--pdeathsig') ? [setpriv, '--pdeathsig', 'KILL'] : [];
  return prefix;
}

/** The command and arguments to spawn: the same program, killed by the kernel if this process dies. */
export function diesWithParent(command: string, args: string[]): [string, string[]] {
  const [first, ...rest] = [...deathSignalPrefix(), command, ...args];
  return [first!, rest];
}

/**
 * coturn's `turnserver`, which the server's own relay runs: from the PATH, or installed when it is
 * missing and that is possible (as root on Debian or Ubuntu, with apt-get). Server start-up and the
 * test run share this, so a fresh `npm start` gets a relay the way `npm test` does; where it cannot
 * be installed, the reason says exactly what to install.
 */
import type { Config } from '../config.js';
import { aptInstall, canUseApt, installCommand } from '../system/packages.js';
import { findTurnserver } from './coturn.js';

/** turnserver's path, or why there is none (a sentence without a final stop). */
export type Turnserver = { executable: string; problem?: undefined } | { executable: undefined; problem: string };

/** How to install coturn on this system, e.g. 'apt-get install coturn' or 'brew install coturn'. */
export function coturnInstallHint(): string {
  const command = installCommand({ debian: 'coturn' });
  if (!command) return 'the package that provides turnserver';
  return command.startsWith('apt-get') && process.getuid?.() !== 0 ? `as root: ${command}` : command;
}

/** turnserver from the PATH, else installed with apt-get when possible (`why` goes in the line saying so). */
export function findOrInstallTurnserver(why: string): Turnserver {
  const found = findTurnserver();
  if (found) return { executable: found };
  if (!canUseApt()) return { executable: undefined, problem: 'coturn is not installed (no turnserver on the PATH)' };
  try {
    aptInstall(['coturn'], why);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { executable: undefined, problem: `coturn is not installed, and installing it failed: ${reason}` };
  }
  const installed = findTurnserver();
  if (installed) return { executable: installed };
  return { executable: undefined, problem: 'coturn was installed, but there is no turnserver on the PATH' };
}

/**
 * For start-up, with no external relay (TURN_URLS) and LOCAL_COTURN on: turnserver, installed first
 * unless AUTO_INSTALL_COTURN is false. Synchronous and before anything else starts: an install
 * takes a while, and nothing (the database, the presence heartbeat) waits on it meanwhile.
 */
export function turnserverForStart(config: Pick<Config, 'autoInstallCoturn'>): Turnserver {
  if (config.autoInstallCoturn)
    return findOrInstallTurnserver('voice needs a TURN relay; AUTO_INSTALL_COTURN=false turns this off');
  const found = findTurnserver();
  if (found) return { executable: found };
  return {
    executable: undefined,
    problem: 'coturn is not installed (no turnserver on the PATH), and AUTO_INSTALL_COTURN is false',
  };
}

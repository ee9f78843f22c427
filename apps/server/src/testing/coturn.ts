/**
 * The TURN tests run a real coturn: turnserver from PATH, installed with apt-get (Debian's package
 * `coturn`) when it is missing and that is possible, as the server itself does at start-up
 * (voice/turnserver.ts) and as redis-server is for the cluster tests.
 */
import { coturnInstallHint, findOrInstallTurnserver } from '../voice/turnserver.js';

/** turnserver from PATH, installed with apt-get when missing and possible; throws one line saying what to install. */
export function ensureCoturn(): string {
  const found = findOrInstallTurnserver('for the TURN relay tests');
  if (found.executable) return found.executable;
  throw new Error(`The TURN relay tests need coturn: ${found.problem}; install it (${coturnInstallHint()}).`);
}

/**
 * The TURN tests run a real coturn: turnserver from PATH, installed with apt-get (Debian's
 * package `coturn`) when it is missing and that is possible, as redis-server is for the cluster tests.
 */
import { aptInstall, canUseApt, which } from './system-packages.js';

/** turnserver from PATH, installed with apt-get when missing and possible. */
export function ensureCoturn(): string {
  const found = which('turnserver');
  if (found) return found;
  const help =
    'The TURN relay tests need coturn: install it (Debian/Ubuntu: apt-get install coturn; macOS: brew install coturn).';
  if (!canUseApt()) throw new Error(help);
  try {
    aptInstall(['coturn'], 'for the TURN relay tests');
  } catch (err) {
    throw new Error(`${help} (${err instanceof Error ? err.message : String(err)})`);
  }
  const installed = which('turnserver');
  if (!installed) throw new Error(help);
  return installed;
}

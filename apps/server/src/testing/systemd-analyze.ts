/**
 * The deployment files' test checks the systemd unit with systemd's own parser: `systemd-analyze
 * verify`, from Debian's package `systemd`, installed with apt-get when missing and possible.
 */
import { installCommand, installOrExplain, which } from '../system/packages.js';

/** systemd-analyze from PATH (or /usr/bin), installed when missing and possible; else one line saying what to install. */
export function ensureSystemdAnalyze(): string {
  const found = which('systemd-analyze');
  if (found) return found;
  const help = `The deployment files' test needs systemd-analyze: install systemd (${installCommand({ debian: 'systemd' }) ?? 'its systemd package'}).`;
  installOrExplain(['systemd'], 'for the test of deploy/systemd', help);
  const installed = which('systemd-analyze');
  if (!installed) throw new Error(help);
  return installed;
}

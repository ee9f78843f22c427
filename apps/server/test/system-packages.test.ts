import { describe, expect, it } from 'vitest';
import { installCommand } from '../src/system/packages.js';

/* The command a start-up line names for what to install, by system (os-release's ID and ID_LIKE). */

const coturn = { debian: 'coturn' };
const release = (id: string, like?: string) => `NAME="Some Linux"\nID=${id}\n${like ? `ID_LIKE="${like}"\n` : ''}`;

describe('installCommand', () => {
  it('names the package manager of the system', () => {
    expect(installCommand(coturn, 'linux', release('debian'))).toBe('apt-get install coturn');
    expect(installCommand(coturn, 'linux', release('ubuntu', 'debian'))).toBe('apt-get install coturn');
    expect(installCommand(coturn, 'linux', release('linuxmint', 'ubuntu debian'))).toBe('apt-get install coturn');
    expect(installCommand(coturn, 'linux', release('fedora'))).toBe('dnf install coturn');
    expect(installCommand(coturn, 'linux', release('rocky', 'rhel centos fedora'))).toBe('dnf install coturn');
    expect(installCommand(coturn, 'linux', release('arch'))).toBe('pacman -S coturn');
    expect(installCommand(coturn, 'linux', release('alpine'))).toBe('apk add coturn');
    expect(installCommand(coturn, 'darwin')).toBe('brew install coturn');
  });

  it('uses the name a system gives the package where it differs', () => {
    const redis = { debian: 'redis-server', fedora: 'redis', brew: 'redis' };
    expect(installCommand(redis, 'linux', release('fedora'))).toBe('dnf install redis');
    expect(installCommand(redis, 'darwin')).toBe('brew install redis');
    expect(installCommand(redis, 'linux', release('debian'))).toBe('apt-get install redis-server');
  });

  it('names none on a system it does not know', () => {
    expect(installCommand(coturn, 'linux', release('gentoo'))).toBeUndefined();
    expect(installCommand(coturn, 'linux', '')).toBeUndefined();
    expect(installCommand(coturn, 'win32')).toBeUndefined();
  });
});

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { REPO_ROOT, ensureSystemdAnalyze } from '../src/testing/index.js';
import { ERASURE_TIMEOUT_MS } from '../src/account/service.js';
import { GROUP_DELETION_TIMEOUT_MS } from '../src/groups/groups-service.js';

/*
 * The files of deploy/ agree with each other and with the server: the systemd unit is one systemd
 * accepts and keeps its promises (restart on failure, its own user, a private data folder, hardening),
 * the example settings are ones the server starts with, and nginx sends to the port and accepts the
 * uploads they configure. What nginx does with its site is the end-to-end deployment scenario's
 * (e2e/tests/deployment.spec.ts); systemd itself cannot run inside the test.
 */

const read = (file: string) => readFileSync(path.join(REPO_ROOT, 'deploy', file), 'utf8');
const UNIT = 'systemd/hearth.service';
const ENV_EXAMPLE = 'systemd/hearth.env.example';

/** The `Key=value` lines of a unit or an environment file (comments and sections left out); a key may repeat. */
function entries(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('['))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

const unit = entries(read(UNIT));
const setting = (key: string) => unit.filter(([k]) => k === key).map(([, v]) => v);
const env = Object.fromEntries(entries(read(ENV_EXAMPLE)));
const nginx = read('nginx/hearth.conf');

describe('the systemd unit', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hearth-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is one systemd reads without a complaint', () => {
    const copy = path.join(dir, 'hearth.service');
    copyFileSync(path.join(REPO_ROOT, 'deploy', UNIT), copy);
    const run = spawnSync(ensureSystemdAnalyze(), ['verify', copy], { encoding: 'utf8' });
    const said = `${run.stdout}${run.stderr}`;
    // Only the one thing a test machine may lack: npm at the path of Debian's and NodeSource's packages.
    const complaints = said
      .split('\n')
      .filter((line) => line.trim() && !/\/usr\/bin\/npm is not executable/.test(line));
    expect(complaints).toEqual([]);
  });

  it('runs `npm start` in the app folder as its own user, with the settings file, restarted on failure', () => {
    expect(setting('User')).toEqual(['hearth']);
    expect(setting('Group')).toEqual(['hearth']);
    expect(setting('WorkingDirectory')).toEqual(['/opt/hearth']);
    expect(setting('ExecStart')).toEqual(['/usr/bin/npm start']);
    expect(setting('EnvironmentFile')).toEqual(['/etc/hearth/hearth.env']);
    expect(setting('Restart')).toEqual(['on-failure']);
    expect(setting('WantedBy')).toEqual(['multi-user.target']);
  });

  it('keeps the data in a private folder of its own and may write nowhere else but the app folder', () => {
    expect(setting('StateDirectory')).toEqual(['hearth']);
    expect(setting('StateDirectoryMode')).toEqual(['0700']);
    expect(env.DATA_DIR?.startsWith('/var/lib/hearth/')).toBe(true);
    expect(setting('ProtectSystem')).toEqual(['strict']);
    // npm start builds the web client into the app folder.
    expect(setting('ReadWritePaths')).toEqual(setting('WorkingDirectory'));
    for (const key of ['NoNewPrivileges', 'PrivateTmp', 'PrivateDevices', 'ProtectHome', 'RestrictSUIDSGID'])
      expect(setting(key), key).toEqual(['yes']);
    expect(setting('CapabilityBoundingSet')).toEqual(['']);
    // Node's JIT writes machine code: with this the server could not run at all.
    expect(setting('MemoryDenyWriteExecute')).toEqual([]);
  });
});

describe('the example settings', () => {
  it('are settings the server starts with, listening on loopback behind a proxy on the same host', () => {
    const config = loadConfig(env);
    expect(config.host).toBe('127.0.0.1');
    expect(config.trustProxy).toEqual(['loopback']);
    expect(config.dataDir).toBe(env.DATA_DIR);
    expect(config.publicUrl.startsWith('https://')).toBe(true);
    expect(config.turnUrls.length).toBeGreaterThan(0);
    expect(config.smtpUrl).toBeDefined();
  });

  it('match the nginx site: its upstream is the port, and its body limit is above the largest upload', () => {
    const config = loadConfig(env);
    expect(/upstream hearth \{[^}]*server 127\.0\.0\.1:(\d+);/.exec(nginx)?.[1]).toBe(String(config.port));
    const limit = /client_max_body_size (\d+)m;/.exec(nginx)?.[1];
    expect(Number(limit) * 1024 * 1024).toBeGreaterThan(config.uploadMaxBytes);
  });
});

describe('the nginx sites', () => {
  const LONG_DELETIONS = ['/api/group/12', '/api/user/delete-account', '/api/admin/users/34'];

  for (const file of ['nginx/hearth.conf', 'nginx/hearth-cluster.conf']) {
    it(`${file} waits out the deletions the server allows minutes, and only those`, () => {
      const site = read(file);
      const block = /location ~ (\S+) \{([^}]*)\}/.exec(site);
      expect(block, 'a location for the long deletions').not.toBeNull();
      const pattern = new RegExp(block![1]!);
      for (const url of LONG_DELETIONS) expect(url, url).toMatch(pattern);
      for (const url of ['/api/group/12/channels', '/api/message', '/ws']) expect(url, url).not.toMatch(pattern);
      const seconds = Number(/proxy_read_timeout (\d+)s;/.exec(block![2]!)?.[1]);
      expect(seconds * 1000).toBeGreaterThan(Math.max(ERASURE_TIMEOUT_MS, GROUP_DELETION_TIMEOUT_MS));
      // A deletion that outlasted the wait must not be sent to another node as a second deletion.
      const retry = /proxy_next_upstream ([^;]*);/.exec(block![2]!)?.[1];
      expect(retry, file).toBeDefined();
      expect(retry, file).not.toContain('timeout');
    });
  }
});

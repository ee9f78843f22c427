import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VOICE_TEXT } from '@hearth/protocol';
import { Api } from './client.js';
import { createTestDatabase } from './harness.js';
import { canUseApt } from '../src/system/packages.js';
import {
  logMessages,
  startServerProcess,
  stopAllServerProcesses,
  type ServerProcess,
} from '../src/testing/server-process.js';
import { coturnInstallHint } from '../src/voice/turnserver.js';

/*
 * A server started as `npm start` starts it, with no relay configured (no TURN_URLS) on a machine
 * without coturn: a PATH holding every program of this one's except turnserver (and apt-get, or a
 * stand-in apt-get that records being run and fails), so nothing is really installed. The server
 * log and the admin's System tab say why and what to do; users are told only that voice is not
 * available, on joining a channel and on calling.
 */

const folders: string[] = [];
afterAll(async () => {
  await stopAllServerProcesses();
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

/** A folder of links to every program on this PATH except `without`, to be the server's whole PATH. */
async function pathWithout(without: string[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-path-'));
  folders.push(dir);
  const linked = new Set(without);
  for (const from of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const names = await readdir(from).catch(() => [] as string[]);
    for (const name of names) {
      if (linked.has(name)) continue;
      linked.add(name);
      await symlink(path.join(from, name), path.join(dir, name));
    }
  }
  return dir;
}

/**
 * A stand-in apt-get in `dir`: it writes its arguments to a log beside it; its update succeeds and
 * its install fails, as apt's does for a package it cannot find.
 */
async function failingAptGet(dir: string): Promise<string> {
  const log = path.join(dir, 'apt-get.log');
  const script = [
    '#!/bin/sh',
    `echo "$*" >> '${log}'`,
    '[ "$1" = update ] && exit 0',
    "echo 'E: Unable to locate package coturn' >&2",
    'exit 100',
    '',
  ].join('\n');
  await writeFile(path.join(dir, 'apt-get'), script);
  await chmod(path.join(dir, 'apt-get'), 0o755);
  return log;
}

async function startWithout(PATH: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess({
    env: {
      PATH,
      DATABASE_URL: await createTestDatabase(),
      WEB_DIST: '',
      TURN_URLS: undefined,
      TURN_SECRET: undefined,
      LOCAL_COTURN: undefined,
      VOICE_ALLOW_DIRECT: undefined,
      ...env,
    },
  });
}

/** The lines of the server's output about voice's relay. */
const relayLines = (server: ServerProcess) =>
  logMessages(server.output()).filter((line) => /coturn|TURN|relay/i.test(line));

/** What an admin and a user are told by the server: the System tab's CoTurn card, and voice's answers. */
async function whatEachSideIsTold(server: ServerProcess) {
  const api = new Api(server.url);
  const admin = await api.person('admin'); // the first account: the admin
  const user = await api.person('user');
  const group = await api.post('/group', { name: 'Relayless' }, admin.token);
  expect(group.status).toBe(201);
  const channel = await api.post(
    '/channel',
    { name: 'talk', channel_type: 'voice', group_id: group.body.id },
    admin.token,
  );
  expect(channel.status).toBe(201);
  const refused = (res: { status: number; body: { detail?: string } }) => [res.status, res.body.detail];
  return {
    coturn: (await api.get('/admin/system/resources', admin.token)).body.coturn,
    restart: (await api.post('/admin/coturn/restart', undefined, admin.token)).body,
    user: [
      refused(await api.get('/voice/turn-credentials', user.token)),
      refused(await api.post(`/voice/channels/${channel.body.id}/join`, { peer_id: 'p1' }, user.token)),
      refused(await api.post('/voice/dm/call/start', { recipient_id: admin.id }, user.token)),
    ],
  };
}

describe('a server with no relay configured and no coturn installed', { timeout: 120_000 }, () => {
  it('says in one line what to install; users are told plainly that voice is not available', async () => {
    const server = await startWithout(await pathWithout(['turnserver', 'apt-get']));
    const reason = `coturn is not installed (no turnserver on the PATH): install it (${coturnInstallHint()}) or set TURN_URLS and TURN_SECRET`;
    expect(relayLines(server)).toEqual([`Voice needs a TURN relay: ${reason}.`]);

    const told = await whatEachSideIsTold(server);
    expect(told.user).toEqual([
      [503, 'Voice is not available on this server right now'],
      [503, 'Voice is not available on this server right now'],
      [503, 'Voice is not available on this server right now'],
    ]);
    expect(VOICE_TEXT.noRelay).toBe('Voice is not available on this server right now');
    expect(told.coturn).toMatchObject({ status: 'not_installed', service_status: reason, error: null });
    expect(told.restart).toMatchObject({ success: false, error: 'no relay' });
    expect(told.restart.message).toContain(reason);
  });

  it('installs nothing with AUTO_INSTALL_COTURN=false, and says so', async () => {
    const PATH = await pathWithout(['turnserver', 'apt-get']);
    const aptLog = await failingAptGet(PATH);
    const server = await startWithout(PATH, { AUTO_INSTALL_COTURN: 'false' });
    const reason = `coturn is not installed (no turnserver on the PATH), and AUTO_INSTALL_COTURN is false: install it (${coturnInstallHint()}) or set TURN_URLS and TURN_SECRET`;
    expect(relayLines(server)).toEqual([`Voice needs a TURN relay: ${reason}.`]);
    expect(existsSync(aptLog)).toBe(false);
    const told = await whatEachSideIsTold(server);
    expect(told.coturn).toMatchObject({ status: 'not_installed', service_status: reason });
    expect(told.user.map(([, detail]) => detail)).toEqual(Array(3).fill(VOICE_TEXT.noRelay));
  });

  it('installs coturn with apt-get where it may (as root on Debian or Ubuntu), saying so, and says why when that fails', async () => {
    const PATH = await pathWithout(['turnserver', 'apt-get']);
    const aptLog = await failingAptGet(PATH);
    const mayInstall = withPath(PATH, canUseApt);
    const server = await startWithout(PATH);
    const hint = `install it (${coturnInstallHint()}) or set TURN_URLS and TURN_SECRET`;
    if (mayInstall) {
      expect(relayLines(server)).toEqual([
        'Installing coturn with apt-get (voice needs a TURN relay; AUTO_INSTALL_COTURN=false turns this off)...',
        `Voice needs a TURN relay: coturn is not installed, and installing it failed: apt-get install failed (E: Unable to locate package coturn): ${hint}.`,
      ]);
      expect(await readFile(aptLog, 'utf8')).toBe('update -qq\ninstall -y -qq --no-install-recommends coturn\n');
    } else {
      // Not root, or not Debian: the server cannot install it, and says what to install instead.
      expect(relayLines(server)).toEqual([
        `Voice needs a TURN relay: coturn is not installed (no turnserver on the PATH): ${hint}.`,
      ]);
      expect(existsSync(aptLog)).toBe(false);
    }
    expect((await whatEachSideIsTold(server)).user.map(([, detail]) => detail)).toEqual(
      Array(3).fill(VOICE_TEXT.noRelay),
    );
  });
});

/** Runs `fn` with PATH set to `dir` (as the server will have it). */
function withPath<T>(dir: string, fn: () => T): T {
  const before = process.env.PATH;
  process.env.PATH = dir;
  try {
    return fn();
  } finally {
    process.env.PATH = before;
  }
}

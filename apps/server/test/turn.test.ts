import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ensureCoturn } from '../src/testing/coturn.js';
import { coturnStatus, hostAddress, startLocalCoturn, type LocalCoturn } from '../src/voice/coturn.js';
import { turnCredentials, type TurnRelay } from '../src/voice/turn.js';
import { startTestServer } from './harness.js';
import { allocate, type TurnServerAddress } from './support/turn-client.js';

/** Where a turn: address points. */
function addressOf(url: string): TurnServerAddress {
  const match = /^turn:([\d.]+):(\d+)\?transport=udp$/.exec(url);
  if (!match) throw new Error(`not a turn: UDP address: ${url}`);
  return { host: match[1]!, port: Number(match[2]) };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('turnCredentials', () => {
  const relay: TurnRelay = { urls: ['turn:turn.example.com:3478?transport=udp'], secret: 'north' };
  const now = 1_700_000_000_000;

  it('signs `<expiry>:<user id>` with the shared secret (coturn --use-auth-secret)', () => {
    const credentials = turnCredentials(relay, 42, 3600, now + 999); // expiry counts whole seconds
    expect(credentials).toEqual({
      urls: relay.urls,
      username: '1700003600:42',
      // base64(HMAC-SHA1("north", "1700003600:42")), computed with openssl
      password: 'WO3ZFttCQxBYtA2Ohz7jjGcQStA=',
      ttl: 3600,
    });
  });

  it('gives the same user new credentials as time passes, and different users different ones', () => {
    const first = turnCredentials(relay, 42, 3600, now);
    const later = turnCredentials(relay, 42, 3600, now + 5_000);
    expect(later.username).toBe('1700003605:42');
    expect(later.password).not.toBe(first.password);
    expect(turnCredentials(relay, 42, 3600, now)).toEqual(first);
    expect(turnCredentials(relay, 43, 3600, now).password).not.toBe(first.password);
    expect(turnCredentials({ ...relay, secret: 'south' }, 42, 3600, now).password).not.toBe(first.password);
  });
});

describe('TURN settings', () => {
  it('default to a local coturn, relay-only voice, and credentials valid for 6 hours', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ turnUrls: [], turnSecret: null, localCoturn: true, voiceAllowDirect: false });
    expect(config.turnCredentialTtlSec).toBe(6 * 3600);
  });

  it('read an external relay, and refuse half of one', () => {
    const urls = 'turn:turn.example.com:3478?transport=udp, turn:turn.example.com:3478?transport=tcp';
    expect(loadConfig({ TURN_URLS: urls, TURN_SECRET: 's3cret', VOICE_ALLOW_DIRECT: 'true' })).toMatchObject({
      turnUrls: ['turn:turn.example.com:3478?transport=udp', 'turn:turn.example.com:3478?transport=tcp'],
      turnSecret: 's3cret',
      voiceAllowDirect: true,
    });
    expect(() => loadConfig({ TURN_URLS: urls })).toThrow(/TURN_URLS and TURN_SECRET/);
    expect(() => loadConfig({ TURN_SECRET: 's3cret' })).toThrow(/TURN_URLS and TURN_SECRET/);
    expect(() => loadConfig({ TURN_URLS: 'turn.example.com', TURN_SECRET: 's' })).toThrow(/TURN_URLS/);
    expect(() => loadConfig({ LOCAL_COTURN: 'no' })).toThrow(/LOCAL_COTURN must be true or false/);
  });
});

describe('a local coturn', { timeout: 60_000 }, () => {
  let coturn: LocalCoturn;
  let server: TurnServerAddress;
  beforeAll(async () => {
    coturn = await startLocalCoturn({ executable: ensureCoturn(), host: '127.0.0.1' });
    server = addressOf(coturn.relay.urls[0]!);
  });
  afterAll(() => coturn?.stop());

  it('listens on UDP and TCP on a free port, and says so', () => {
    expect(coturn.relay.urls).toEqual([
      `turn:127.0.0.1:${server.port}?transport=udp`,
      `turn:127.0.0.1:${server.port}?transport=tcp`,
    ]);
    expect(coturnStatus()).toEqual({ running: true, pid: coturn.pid, urls: coturn.relay.urls });
  });

  it('allocates a relayed address for valid credentials, after the 401 challenge', async () => {
    const { challenge, answer } = await allocate(server, turnCredentials(coturn.relay, 7, 600));
    expect(challenge).toMatchObject({ code: 401, realm: 'hearth' });
    expect(challenge.nonce).toBeTruthy();
    expect(answer).toMatchObject({ ok: true, signedByServer: true, relayed: { address: '127.0.0.1' } });
    const { port } = (answer as { relayed: { port: number } }).relayed;
    expect(port).toBeGreaterThanOrEqual(coturn.relayPorts.min);
    expect(port).toBeLessThanOrEqual(coturn.relayPorts.max);
  });

  it('refuses a wrong password, an expired username, and another secret', async () => {
    const valid = turnCredentials(coturn.relay, 7, 600);
    const refused = [
      { ...valid, password: turnCredentials(coturn.relay, 8, 600).password },
      turnCredentials(coturn.relay, 7, 60, Date.now() - 120_000),
      turnCredentials({ ...coturn.relay, secret: 'not-the-secret' }, 7, 600),
    ];
    for (const credentials of refused) {
      const { answer } = await allocate(server, credentials);
      expect(answer).toMatchObject({ ok: false, code: 401 });
    }
  });

  it('dies with a server killed outright (SIGKILL), which no exit handler sees', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'support/coturn-child.ts')],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const pid = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const match = /coturn (\d+)/.exec(chunk.toString('utf8'));
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', () => reject(new Error('the stand-in server ended before starting coturn')));
    });
    expect(isRunning(pid)).toBe(true);
    child.kill('SIGKILL');
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 5_000 });
  });

  it('fails with its reason when turnserver cannot start', async () => {
    await expect(startLocalCoturn({ executable: '/bin/false', host: '127.0.0.1' })).rejects.toThrow(
      /coturn did not start on 127\.0\.0\.1:\d+: it stopped \(exit code 1\)/,
    );
  });
});

describe('the relay the server uses', { timeout: 60_000 }, () => {
  beforeAll(() => {
    ensureCoturn();
  });

  it('is the external one when TURN_URLS and TURN_SECRET are set, and nothing is started', async () => {
    const before = coturnStatus();
    const urls = ['turn:turn.example.com:3478?transport=udp'];
    const app = await startTestServer({ turnUrls: urls, turnSecret: 's3cret', localCoturn: true });
    try {
      expect(app.ctx.turn).toEqual({ urls, secret: 's3cret' });
      expect(coturnStatus()).toEqual(before);
    } finally {
      await app.close();
    }
  });

  it("is the server's own coturn otherwise, on the host's address, stopped with the server", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const app = await startTestServer({ turnUrls: [], turnSecret: null, localCoturn: true });
    const { pid } = coturnStatus();
    try {
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Voice relay: local coturn \(process \d+\) at turn:/));
      const relay = app.ctx.turn!;
      const server = addressOf(relay.urls[0]!);
      expect(server.host).toBe(hostAddress());
      const { answer } = await allocate(server, turnCredentials(relay, 1, app.ctx.config.turnCredentialTtlSec));
      expect(answer.ok).toBe(true);
      expect(isRunning(pid!)).toBe(true);
    } finally {
      log.mockRestore();
      await app.close();
    }
    expect(isRunning(pid!)).toBe(false);
    expect(coturnStatus().running).toBe(false);
  });

  it('is dropped if that coturn dies, so no one is handed credentials for a relay that is gone', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const app = await startTestServer({ turnUrls: [], turnSecret: null, localCoturn: true });
    try {
      expect(app.ctx.turn).toBeTruthy();
      process.kill(coturnStatus().pid!, 'SIGKILL');
      await vi.waitFor(() => expect(app.ctx.turn).toBeNull());
      expect(said).toHaveBeenCalledWith(
        expect.stringMatching(/^The local coturn stopped unexpectedly \(killed by SIGKILL/),
      );
    } finally {
      vi.restoreAllMocks();
      await app.close();
    }
  });

  it('is none when coturn is not installed, which the server says in one line', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    const app = await startTestServer({ turnUrls: [], turnSecret: null, localCoturn: true }).finally(
      () => (process.env.PATH = path),
    );
    try {
      expect(app.ctx.turn).toBeNull();
      expect(warned).toHaveBeenCalledTimes(1);
      expect(warned.mock.calls[0]![0]).toMatch(
        /^Voice needs a TURN relay: coturn is not installed \(no turnserver on the PATH\): install it \(.*\) or set TURN_URLS/,
      );
    } finally {
      warned.mockRestore();
      await app.close();
    }
  });

  it('is none when LOCAL_COTURN is false and no TURN_URLS are set', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const app = await startTestServer({ turnUrls: [], turnSecret: null, localCoturn: false });
    try {
      expect(app.ctx.turn).toBeNull();
      expect(warned).toHaveBeenCalledTimes(1);
      expect(warned.mock.calls[0]![0]).toMatch(
        /^Voice needs a TURN relay: LOCAL_COTURN is false, .* set TURN_URLS and TURN_SECRET/,
      );
    } finally {
      warned.mockRestore();
      await app.close();
    }
  });
});

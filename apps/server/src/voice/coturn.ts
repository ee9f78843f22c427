/**
 * A coturn the server runs itself, so a plain `npm start` has a TURN relay when coturn is installed.
 * It lives as long as the server: free ports chosen at each start, a secret made at each start (so
 * credentials handed out by an earlier run stop working), and its files in a private temporary folder.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { freeUdpAndTcpPort, freeUdpRange, type PortRange } from '../net/free-udp-ports.js';
import { diesWithParent } from '../system/dies-with-parent.js';
import { which } from '../system/which.js';
import type { TurnRelay } from './turn-relay.js';
import { isAlive } from '../system/process-alive.js';

export interface LocalCoturnOptions {
  /** turnserver's path (see findTurnserver). */
  executable: string;
  /** The address it listens and relays on (default: hostAddress()). */
  host?: string;
  /** How many UDP ports relayed addresses come from: each caller holds one or two per other participant. */
  relayPorts?: number;
  /** How long it may take to listen before it is given up on. */
  timeoutMs?: number;
  /** Called if it exits without stop() having been called, with its last words. */
  onLost?: (reason: string) => void;
}

export interface LocalCoturn {
  relay: TurnRelay;
  pid: number;
  /** Where relayed addresses are (a firewall must let them through). */
  relayPorts: PortRange;
  /** Its config file (holding the secret, readable by this user only), in its private folder. */
  configPath: string;
  stop(): Promise<void>;
}

/** For the admin panel: whether this server's own coturn runs, and where. */
export interface CoturnStatus {
  running: boolean;
  pid: number | null;
  urls: string[];
}

const STOP_TIMEOUT_MS = 3_000;
const DIR_PREFIX = 'hearth-coturn-';
/** The local coturns of this process that are running, latest last. */
const running = new Map<number, string[]>();

/** turnserver on PATH (Debian's package coturn), or undefined. */
export const findTurnserver = () => which('turnserver');

/** The host's first non-internal IPv4 address, where browsers on the network can reach the relay; else loopback. */
export function hostAddress(): string {
  for (const addresses of Object.values(networkInterfaces()))
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return '127.0.0.1';
}

export function coturnStatus(): CoturnStatus {
  const [pid, urls] = [...running].at(-1) ?? [null, []];
  return { running: pid !== null, pid, urls };
}

/**
 * The command line, each flag checked against `turnserver -h` of coturn 4.6. The secret is not on it
 * (any local user can read a command line): it is in a config file only this user can read.
 */
function coturnArgs(dir: string, host: string, port: number, relay: PortRange): string[] {
  const loopback = host.startsWith('127.');
  return [
    ...['-c', path.join(dir, 'turnserver.conf')], // instead of -n: holds static-auth-secret
    ...['--use-auth-secret', '--realm=hearth'], // the shared-secret scheme of turn.ts
    ...[`--listening-ip=${host}`, `--relay-ip=${host}`, `--listening-port=${port}`],
    ...[`--min-port=${relay.min}`, `--max-port=${relay.max}`],
    ...['--no-tls', '--no-dtls', '--no-cli', '--no-tcp-relay'], // browsers relay over UDP; no admin port to collide
    ...['--fingerprint', '--no-software-attribute', '--no-rfc5780'],
    // Peers may only be relayed addresses on this host: an account cannot use the relay to reach
    // other machines on the network (an allowed address wins over a denied range).
    ...['--no-multicast-peers', '--denied-peer-ip=0.0.0.0-255.255.255.255', `--allowed-peer-ip=${host}`],
    ...(loopback ? ['--allow-loopback-peers'] : []), // bound to loopback, peers are on loopback too
    // Its own database and pid file, not the system's (a system database's secrets would be accepted too).
    ...[`--userdb=${path.join(dir, 'turndb')}`, `--pidfile=${path.join(dir, 'turnserver.pid')}`],
    ...['--log-file=stdout', '-v'], // -v: the listener lines that say it is ready
  ];
}

/** Starts coturn and resolves once it listens on UDP and TCP; rejects with its last log lines. */
export async function startLocalCoturn(o: LocalCoturnOptions): Promise<LocalCoturn> {
  const host = o.host ?? hostAddress();
  const relayRange = await freeUdpRange(host, o.relayPorts ?? 200);
  const port = await freeUdpAndTcpPort(host, relayRange);
  const secret = randomBytes(32).toString('hex');
  await removeLeftovers();
  const dir = await mkdtemp(path.join(tmpdir(), DIR_PREFIX)); // 0700
  const configPath = path.join(dir, 'turnserver.conf');
  await writeFile(configPath, `static-auth-secret=${secret}\n`, { mode: 0o600 });

  // Its own process group: Ctrl+C in a terminal stops the server, which then stops coturn. setpriv
  // keeps the pid: it becomes turnserver.
  const [command, args] = diesWithParent(o.executable, coturnArgs(dir, host, port, relayRange));
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  const onData = (chunk: Buffer) => (log = (log + chunk.toString('utf8')).slice(-20_000));
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<string>((resolve) => {
    child.once('error', (err) => resolve(err.message));
    child.once('close', (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`));
  });

  const where = `${host.replaceAll('.', '\\.')}:${port}`;
  const listening = (proto: string) => new RegExp(`${proto} listener opened on\\s*:\\s*${where}\\b`);
  const timeoutMs = o.timeoutMs ?? 10_000;
  let timer: NodeJS.Timeout | undefined;
  let check = () => {};
  const failure = await new Promise<string | null>((resolve) => {
    timer = setTimeout(() => resolve(`not listening after ${timeoutMs / 1000} s`), timeoutMs);
    check = () => listening('UDP').test(log) && listening('TCP').test(log) && resolve(null);
    child.stdout.on('data', check);
    void exited.then((how) => resolve(`it stopped (${how})`));
  });
  clearTimeout(timer);
  child.stdout.off('data', check);
  const cleanUp = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  if (failure) {
    cleanUp();
    throw new Error(`coturn did not start on ${host}:${port}: ${failure}; it said: ${lastLines(log)}`);
  }

  const pid = child.pid!;
  const urls = ['udp', 'tcp'].map((transport) => `turn:${host}:${port}?transport=${transport}`);
  running.set(pid, urls);
  process.on('exit', cleanUp); // for a SIGKILL of the server, see diesWithParent
  let stopping: Promise<void> | undefined;
  void exited.then((how) => {
    running.delete(pid);
    if (!stopping) o.onLost?.(`${how}; it said: ${lastLines(log)}`);
  });
  return {
    relay: { urls, secret },
    pid,
    relayPorts: relayRange,
    configPath,
    stop: () =>
      (stopping ??= (async () => {
        process.off('exit', cleanUp);
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(timer);
        }
        await rm(dir, { recursive: true, force: true });
      })()),
  };
}

/** The folders of coturns that died with a server killed outright (its pid file names a process gone). */
async function removeLeftovers(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => []);
  for (const name of names.filter((n) => n.startsWith(DIR_PREFIX))) {
    const dir = path.join(tmpdir(), name);
    const pid = Number(await readFile(path.join(dir, 'turnserver.pid'), 'utf8').catch(() => 'NaN'));
    if (!Number.isInteger(pid) || pid <= 0 || isAlive(pid)) continue; // no pid file yet: one starting now
    await rm(dir, { recursive: true, force: true }).catch(() => {}); // another user's: not ours to remove
  }
}

/** coturn's last few lines, without its uptime prefix ("0: : "), for an error message. */
function lastLines(log: string): string {
  const lines = log
    .split('\n')
    .map((line) => line.replace(/^\d+: [^:]*: /, '').trim())
    .filter(Boolean);
  return lines.slice(-3).join(' | ') || 'nothing';
}

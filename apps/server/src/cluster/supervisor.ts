import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';

/** What a node prints once it serves (main.ts), after every handler is in place. */
const READY_LINE = 'Hearth is running on';
/** A node that ran at least this long before it exited is started again at once. */
const STABLE_AFTER_MS = 10_000;
/** Back-off for a node that keeps exiting soon after it starts: 1 s, doubling, at most 30 s. */
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

export interface NodeSpec {
  /** e.g. "node 1" */
  name: string;
  port: number;
  /** The node's whole environment. */
  env: NodeJS.ProcessEnv;
  /** The command and arguments that start it, run in `cwd`. */
  command: string;
  args: string[];
  cwd: string;
  /** Where its output goes (appended). */
  logFile: string;
}

/**
 * Keeps one node running: starts it, and starts it again whenever it exits, whatever its status
 * (also 0 after a SIGTERM: a rolling restart stops a node and expects it back), waiting longer each
 * time it exits soon after starting. The node runs in a process group of its own, so Ctrl-C at the
 * terminal reaches only the cluster command, which then drains the nodes itself (SIGTERM).
 */
export class NodeSupervisor {
  private child: ChildProcess | undefined;
  private stopping = false;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly log: WriteStream;
  private firstReady: { resolve: () => void; reject: (err: Error) => void } | undefined;

  constructor(
    readonly spec: NodeSpec,
    private readonly say: (line: string) => void,
  ) {
    this.log = createWriteStream(spec.logFile, { flags: 'a' });
  }

  /** The running process's id, if one runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the node; resolves once it serves, rejects if its first start fails. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.firstReady = { resolve, reject };
      this.run();
    });
  }

  /** Stops supervising and drains the node (SIGTERM); SIGKILL if it has not exited after `timeoutMs`. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    }
    await new Promise((resolve) => this.log.end(resolve));
  }

  /** Last resort when the command itself exits without stop(): leave no node behind. */
  kill(): void {
    this.stopping = true;
    this.child?.kill('SIGKILL');
  }

  private run(): void {
    const { spec } = this;
    const startedAt = Date.now();
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let seen = '';
    let ready = false;
    child.stdout.on('data', (chunk: Buffer) => {
      this.log.write(chunk);
      if (ready) return;
      seen = (seen + chunk.toString('utf8')).slice(-4_096);
      if (!seen.includes(READY_LINE)) return;
      ready = true;
      this.say(`${spec.name} is up: pid ${child.pid}, port ${spec.port}`);
      this.firstReady?.resolve();
      this.firstReady = undefined;
    });
    // Its last words, for the line that says it stopped: a node that cannot start says why in one
    // plain line on stderr (main.ts), which the operator should not have to dig out of the log.
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      this.log.write(chunk);
      said = (said + chunk.toString('utf8')).slice(-4_096);
    });
    child.once('error', (err) => this.say(`${spec.name} could not be started: ${err.message}`));
    child.once('close', (code, signal) => {
      if (this.stopping) return;
      const status = signal ? `signal ${signal}` : `code ${code}`;
      const why = lastPlainLine(said);
      if (this.firstReady) {
        this.firstReady.reject(
          new Error(`${spec.name} exited (${status}) before it served${why ? `: ${why}` : ''}; see ${spec.logFile}`),
        );
        this.firstReady = undefined;
        return;
      }
      this.failures = Date.now() - startedAt >= STABLE_AFTER_MS ? 0 : this.failures + 1;
      const delay = this.failures === 0 ? 0 : Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (this.failures - 1));
      this.say(
        `${spec.name} (pid ${child.pid}) exited with ${status}${ready || !why ? '' : ` (${why})`}; starting it again${delay ? ` in ${delay / 1000} s` : ''}`,
      );
      this.restartTimer = setTimeout(() => this.run(), delay);
    });
  }
}

/**
 * The last line of a node's stderr that is not a JSON log line: what main.ts says plainly when the
 * node cannot start (a bad setting, a database out of reach). Empty if there is none.
 */
export function lastPlainLine(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim());
  return lines.reverse().find((line) => line && !line.startsWith('{')) ?? '';
}

import type { PortRange } from '../net/free-udp-ports.js';
import { startLocalCoturn, type LocalCoturn } from './coturn.js';
import type { TurnRelay } from './turn-relay.js';

/** What the admin panel shows of the server's own coturn. */
export interface LocalRelayState {
  running: boolean;
  pid: number | null;
  urls: string[];
  relayPorts: PortRange | null;
  configPath: string | null;
  /** Why it is not running: its start failed, or it died (its last words); null while it runs. */
  error: string | null;
}

/**
 * The server's own coturn over the server's life: started before the server listens, restarted by an
 * admin (POST /admin/coturn/restart), stopped with the server. Every change of relay, including
 * losing it, goes to `onChange`, which keeps the context's relay (`ctx.turn`) current. Start, restart
 * and stop take turns, so two restarts at once run one after the other.
 */
export class LocalRelay {
  private coturn: LocalCoturn | null = null;
  private error: string | null = null;
  private stopping = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly executable: string,
    private onChange: (relay: TurnRelay | null) => void,
  ) {}

  /** Starts coturn; rejects with the reason it did not start (also kept as the state's error). */
  start(): Promise<LocalCoturn> {
    return this.inTurn(() => this.launch());
  }

  /**
   * Stops the running coturn (if it still runs) and starts a new one. The new one has new ports and a
   * new secret: credentials handed out before stop working, and calls in progress must reconnect.
   */
  restart(): Promise<LocalCoturn> {
    return this.inTurn(async () => {
      await this.halt();
      return this.launch();
    });
  }

  stop(): Promise<void> {
    this.stopping = true;
    return this.inTurn(() => this.halt());
  }

  get state(): LocalRelayState {
    const c = this.coturn;
    return {
      running: c !== null,
      pid: c?.pid ?? null,
      urls: c?.relay.urls ?? [],
      relayPorts: c?.relayPorts ?? null,
      configPath: c?.configPath ?? null,
      error: c ? null : this.error,
    };
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async launch(): Promise<LocalCoturn> {
    if (this.stopping) throw new Error('the server is stopping');
    // onLost can only be called after startLocalCoturn resolved (it listens for the exit from then on).
    let started: LocalCoturn | undefined;
    try {
      started = await startLocalCoturn({ executable: this.executable, onLost: (reason) => this.lost(started, reason) });
    } catch (err) {
      this.error = err instanceof Error ? err.message : String(err);
      this.onChange(null);
      throw err;
    }
    this.coturn = started;
    this.error = null;
    this.onChange(started.relay);
    const { min, max } = started.relayPorts;
    const where = started.relay.urls[0]!.split('?')[0];
    console.log(`Voice relay: local coturn (process ${started.pid}) at ${where}, relaying on UDP ports ${min}-${max}`);
    return started;
  }

  private async halt(): Promise<void> {
    const coturn = this.coturn;
    if (!coturn) return;
    this.coturn = null;
    this.onChange(null);
    await coturn.stop();
  }

  /** It exited without being asked to. */
  private lost(coturn: LocalCoturn | undefined, reason: string): void {
    if (coturn !== this.coturn) return; // one already replaced
    this.coturn = null;
    this.error = `it stopped unexpectedly (${reason})`;
    this.onChange(null);
    // Its exit listener and its folder (with the old secret) go with it; stop() does only that now.
    void coturn?.stop().catch(() => undefined);
    console.error(`The local coturn stopped unexpectedly (${reason}): voice has no TURN relay until a restart.`);
  }
}

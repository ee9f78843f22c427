/**
 * Whether this tab can reach the server, for the offline notice. Learnt from what actually happens:
 * every REST call reports whether it got an answer (any status: a 4xx or 5xx still came from the
 * other end) or failed on the network, and the live connection opening counts as an answer. The
 * browser's `online` and `offline` events are only hints, as for the live connection (lib/live.ts):
 * Chromium says offline on a machine whose only network is loopback, or on a LAN with no route out,
 * where the server may be right there. So either event asks the server (`probe`), and only a failed
 * request makes the tab offline. While offline the server is asked again, sooner at first, until it
 * answers.
 *
 * An answer is news from the moment its request was sent: one to a request sent before the network
 * was last seen failing (a response already on its way when the connection dropped) says nothing
 * about now, and does not take the tab back online; the next probe decides.
 */
export class Connectivity {
  private offline = false;
  /** When a request last failed on the network (Date.now()). */
  private failedAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private tries = 0;
  private probing: Promise<void> | null = null;
  private listeners = new Set<() => void>();

  constructor(
    /** Asks the server something cheap: true when it answered at all. */
    private probe: () => Promise<boolean>,
  ) {}

  isOffline = (): boolean => this.offline;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * A request got an answer from the server (`true`) or failed on the network (`false`); `sentAt`
   * (Date.now() when it was sent) dates an answer, and defaults to now.
   */
  report(reached: boolean, sentAt: number = Date.now()): void {
    if (reached) {
      if (sentAt < this.failedAt) return;
      this.tries = 0;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.set(false);
      return;
    }
    this.failedAt = Date.now();
    this.set(true);
    this.scheduleProbe();
  }

  /** Asks the server now (the browser's online or offline event, or a start without network). */
  check(): Promise<void> {
    const sentAt = Date.now();
    this.probing ??= this.probe()
      .catch(() => false)
      .then((reached) => this.report(reached, sentAt))
      .finally(() => {
        this.probing = null;
      });
    return this.probing;
  }

  private scheduleProbe(): void {
    if (this.timer) return;
    const delay = PROBE_DELAYS_MS[Math.min(this.tries, PROBE_DELAYS_MS.length - 1)]!;
    this.tries++;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.check();
    }, delay);
  }

  private set(offline: boolean): void {
    if (offline === this.offline) return;
    this.offline = offline;
    for (const listener of this.listeners) listener();
  }
}

/** How long to wait before asking an unreachable server again: quickly at first, then every 30 s. */
export const PROBE_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];

/** GET /api/version: public and small (the login screen asks for it anyway). Never cached. */
async function askServer(): Promise<boolean> {
  try {
    await fetch('/api/version', { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/** This tab's connectivity (the REST client and the live connection report to it; see createServices). */
export const connectivity = new Connectivity(askServer);

/**
 * What the log says about a service the server depends on (the database, Redis) going away: one line
 * when it becomes unreachable, one when it is back with how long it was away and how many failures
 * were counted meanwhile, and a reminder at most once a minute for a long outage. Without it every
 * failed request or reconnection attempt logged its own error, hundreds of lines a minute that hid
 * both the start and the end of the outage.
 */
export class OutageReport {
  private since: number | null = null;
  private failures = 0;
  private lastSaid = 0;

  constructor(
    /** What is away, as the lines name it: 'the database', 'Redis'. */
    private readonly name: string,
    /** What each failure is, for the count: 'requests answered 503'. */
    private readonly counted: string,
    private readonly say: (line: string) => void = (line) => console.error(line),
    private readonly remindMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get down(): boolean {
    return this.since !== null;
  }

  /** A failure because the service could not be reached: the first of an outage is said, the rest counted. */
  failed(reason: string): void {
    this.failures++;
    const now = this.now();
    if (this.since === null) {
      this.since = this.lastSaid = now;
      this.say(`${this.name} is unreachable (${reason}); counting failures until it is back`);
    } else if (now - this.lastSaid >= this.remindMs) {
      this.lastSaid = now;
      this.say(`${this.name} is still unreachable after ${seconds(now - this.since)}; ${this.tally()} so far`);
    }
  }

  /** The service answers again: says so once, with how long it was away. */
  recovered(): void {
    if (this.since === null) return;
    this.say(`${this.name} is reachable again after ${seconds(this.now() - this.since)}; ${this.tally()} meanwhile`);
    this.since = null;
    this.failures = 0;
  }

  private tally(): string {
    return `${this.failures} ${this.counted}`;
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

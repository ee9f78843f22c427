import { OutageReport } from '../faults/outage-report.js';
import type { Db } from './pool.js';

/** How often an unreachable database is asked whether it is back, for the log's "back" line. */
const CHECK_MS = 1_000;

/**
 * Counts the requests refused because the database could not be reached and says in the log when it
 * went and when it came back (faults.md). Requests alone cannot tell when it is back (a quiet server
 * may see none for a while, and one that succeeds may have used a connection that never broke), so
 * while it is away the probe's own connection asks every second.
 */
export class DatabaseOutage {
  private readonly report = new OutageReport('[db] the database', 'requests answered 503');
  private checking: NodeJS.Timeout | null = null;

  constructor(private readonly probe: Db) {}

  /** A request answered 503 because of `err`, an error `isDatabaseUnreachable` recognised. */
  failed(err: unknown): void {
    this.report.failed(err instanceof Error ? err.message : String(err));
    this.checking ??= setInterval(() => void this.check(), CHECK_MS).unref();
  }

  private async check(): Promise<void> {
    try {
      await this.probe.query('SELECT 1');
    } catch {
      return;
    }
    this.stop();
    this.report.recovered();
  }

  stop(): void {
    if (this.checking) clearInterval(this.checking);
    this.checking = null;
  }
}

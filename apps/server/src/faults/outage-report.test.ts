import { describe, expect, it } from 'vitest';
import { OutageReport } from './outage-report.js';

describe('OutageReport', () => {
  it('says an outage once, reminds at most once a minute, and says how long it lasted when it ends', () => {
    const lines: string[] = [];
    let now = 1_000_000;
    const report = new OutageReport(
      '[db] the database',
      'requests answered 503',
      (l) => lines.push(l),
      60_000,
      () => now,
    );
    report.recovered(); // nothing was away: nothing to say
    for (let i = 0; i < 500; i++) {
      report.failed('connect ECONNREFUSED');
      now += 200; // 500 failures over 100 s
    }
    expect(report.down).toBe(true);
    report.recovered();
    expect(lines).toEqual([
      '[db] the database is unreachable (connect ECONNREFUSED); counting failures until it is back',
      '[db] the database is still unreachable after 60.0 s; 301 requests answered 503 so far',
      '[db] the database is reachable again after 100.0 s; 500 requests answered 503 meanwhile',
    ]);
    // The next outage is counted afresh.
    report.failed('Query read timeout');
    report.recovered();
    expect(lines.slice(3)).toEqual([
      '[db] the database is unreachable (Query read timeout); counting failures until it is back',
      '[db] the database is reachable again after 0.0 s; 1 requests answered 503 meanwhile',
    ]);
  });
});

/**
 * The tiny run of the benchmarks that have no size flags of their own (bench:web, bench:voice), for
 * their tests in `npm test`: BENCH_SMOKE=1 runs every step at a size that takes seconds, on the client
 * already built (npm test builds it first), and prints the tables without writing them to
 * docs/performance.md. Its figures mean nothing; that it completes with sane ones does.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` for a real run, `smoke` for the tiny one. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

/**
 * Whether to build the client first: always for a real run (figures of the code as it is); for the
 * tiny run only when there is no build yet.
 */
export const needsBuild = (webDist: string): boolean => !SMOKE || !existsSync(path.join(webDist, 'index.html'));

import { describe, expect, it } from 'vitest';
import { BENCH_RUN_LIMIT_MS, row, runBench } from '../shared/run-bench.js';

describe('bench:fanout at a tiny size', () => {
  it(
    'delivers every message to every client from several load threads, on Hearth and on the bare server, and searches both ceilings',
    async () => {
      const run = await runBench('fanout', [
        ...['--clients', '10', '--senders', '2', '--rate', '10', '--seconds', '1', '--workers', '3'],
        ...['--ceiling-seconds', '0.5', '--ceiling-bisections', '1', '--ceiling-max', '30'],
      ]);
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain('(10 messages, 100 deliveries expected)');
      expect(run.stdout).toContain('10 clients connected and ready');
      expect(run.stdout).toContain('(3 load workers)');
      expect(row(run.stdout, 'errors: send / error frames / closes / missing').slice(1, 3)).toEqual([
        '0 / 0 / 0 / 0 of 100',
        '0 / 0 / 0 / 0 of 100',
      ]);
      for (const rate of row(run.stdout, 'delivered msg/s').slice(1, 3)) expect(Number(rate)).toBeGreaterThan(0);
      // A number, not its size: at this size a server may use less than one clock tick (10 ms) of CPU in
      // the window, which /proc counts as 0.
      for (const cpu of row(run.stdout, 'server CPU per delivery').slice(1, 3))
        expect(Number(cpu)).toBeGreaterThanOrEqual(0);
      expect(Number(row(run.stdout, 'server RSS before connecting')[1])).toBeGreaterThan(0);
      for (const label of ['RSS per idle connection', 'RSS per active connection'])
        for (const kib of row(run.stdout, label).slice(1, 3)) expect(Number.isFinite(Number(kib))).toBe(true);
      // The ramp from 10 msg/s: 10, 15, 23 and the cap of 30 on each server, every delivery there.
      for (const server of ['Hearth', 'bare ws']) {
        const steps = run.stdout.split('\n').filter((l) => l.startsWith(`| ${server} | `));
        expect(steps.length, run.stdout).toBeGreaterThanOrEqual(2);
        expect(steps[0]!.split('|')[2]!.trim()).toBe('10');
        for (const step of steps) expect(step.split('|')[7]!.trim(), step).toBe('0');
      }
      expect(row(run.stdout, 'ceiling (msg/s)')).toHaveLength(4);
      expect(run.stdout).toMatch(/Target ceiling >= 0.8 x bare ws: (met|MISSED|not judged)/);
      expect(run.stdout).toMatch(/Target server CPU per delivery <= 1.2 x bare ws: (met|MISSED)/);
    },
    BENCH_RUN_LIMIT_MS + 30_000,
  );

  it(
    'with typists, delivers every typing frame to every other client beside the messages',
    async () => {
      const run = await runBench('fanout', [
        ...['--clients', '10', '--senders', '2', '--rate', '10', '--seconds', '1'],
        ...['--typists', '3', '--typing-every', '0.5'],
      ]);
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain('Typing: 3 clients each send typing_start every 0.5 s, to the 9 others');
      expect(row(run.stdout, 'errors: send / error frames / closes / missing').slice(1, 3)).toEqual([
        '0 / 0 / 0 / 0 of 100',
        '0 / 0 / 0 / 0 of 100',
      ]);
      for (const cell of row(run.stdout, 'typing frames: sent / received').slice(1, 3)) {
        const [sent, received] = cell.split(' / ').map(Number);
        expect(sent).toBeGreaterThan(0);
        expect(received).toBe(sent! * 9);
      }
    },
    BENCH_RUN_LIMIT_MS + 30_000,
  );

  it(
    'compares windows with and without typists on one server, and judges the typing budget',
    async () => {
      const run = await runBench('fanout', [
        ...['--clients', '10', '--senders', '2', '--rate', '10', '--seconds', '1'],
        ...['--typists', '3', '--typing-every', '0.5', '--typing-rounds', '1'],
      ]);
      expect(run.code, run.output).toBe(0);
      expect(row(run.stdout, 'nobody typing')[3]).toBe('0');
      const typing = row(run.stdout, '3 typing');
      expect(typing[3]).toBe('0');
      const [sent, received] = typing[4]!.split(' / ').map(Number);
      expect(sent).toBeGreaterThan(0);
      expect(received).toBe(sent! * 9);
      expect(run.stdout).toMatch(/Target p99 with typists <= 1.1 x without: (met|MISSED)/);
    },
    BENCH_RUN_LIMIT_MS + 30_000,
  );

  it(
    'compares two nodes on one Redis stream with one, every message reaching every client on either node',
    async () => {
      const run = await runBench('fanout', [
        ...['--clients', '10', '--senders', '2', '--rate', '10', '--seconds', '1', '--nodes', '2'],
      ]);
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain('(10 messages, 100 deliveries expected)');
      expect(row(run.stdout, 'errors: send / error frames / closes / missing').slice(1, 3)).toEqual([
        '0 / 0 / 0 / 0 of 100',
        '0 / 0 / 0 / 0 of 100',
      ]);
      for (const cpu of row(run.stdout, 'server CPU per delivery, both nodes').slice(1, 3))
        expect(Number(cpu)).toBeGreaterThanOrEqual(0);
      for (const rate of row(run.stdout, 'delivered msg/s').slice(1, 3)) expect(Number(rate)).toBeGreaterThan(0);
    },
    BENCH_RUN_LIMIT_MS + 30_000,
  );
});

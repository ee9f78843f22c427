/**
 * For the benchmarks' own tests: runs one benchmark the way `npm run bench:<name>` does, as a process
 * of its own (it starts Hearth and its database as children and stops them), and returns its exit
 * code and output. The tests run each at a tiny size so that a change that breaks a benchmark fails
 * `npm test`; they check that it completes with sane figures, never how fast anything was.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@hearth/server/testing';

export interface BenchRun {
  code: number | null;
  /** stdout then stderr, as one text for the assertion messages. */
  output: string;
  stdout: string;
}

/** A hung benchmark is stopped after this long: a bound, not a wait (a busy machine takes minutes). */
export const BENCH_RUN_LIMIT_MS = 600_000;

export function runBench(name: string, args: string[], env: Record<string, string> = {}): Promise<BenchRun> {
  const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
  const child = spawn(tsx, [path.join(REPO_ROOT, 'bench', name, 'run.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // SIGINT: the benchmarks stop what they started on it.
  const limit = setTimeout(() => child.kill('SIGINT'), BENCH_RUN_LIMIT_MS);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, output: `${stdout}\n${stderr}` });
    });
  });
}

/** The cells of the Markdown table row whose first cell starts with `label`. */
export function row(stdout: string, label: string): string[] {
  const line = stdout.split('\n').find((l) => l.startsWith(`| ${label}`));
  if (!line) throw new Error(`no row "${label}" in:\n${stdout}`);
  return line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
}

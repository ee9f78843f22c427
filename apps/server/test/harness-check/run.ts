/**
 * Proves that the test command can fail: each canary (a test written to fail, or to crash) is run
 * on its own through the project's Vitest configuration and must make Vitest exit non-zero, having
 * really run (its name in the report). Part of `npm test`, before the real tests.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CANARIES = [
  { file: 'apps/server/test/harness-check/failing.canary.ts', mark: 'harness canary: a failing assertion' },
  { file: 'apps/server/test/harness-check/crashing.canary.ts', mark: 'harness canary: thrown after its test passed' },
];

function runVitest(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
    const child = spawn(process.execPath, [vitest, 'run', '--project', 'server', file], {
      cwd: ROOT,
      env: { ...process.env, HEARTH_HARNESS_CHECK: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const results = await Promise.all(CANARIES.map(async (c) => ({ ...c, ...(await runVitest(c.file)) })));
let ok = true;
for (const r of results) {
  const ran = r.output.includes(r.mark);
  if (r.code !== 0 && ran) {
    console.log(`Test harness: ${path.basename(r.file)} fails the run as it should (exit ${r.code}).`);
  } else {
    ok = false;
    console.error(
      r.code === 0
        ? `Test harness is broken: ${r.file} must fail but Vitest exited 0, so failing tests would not fail npm test.`
        : `Test harness check could not run ${r.file} (exit ${r.code}):\n${r.output.slice(-3_000)}`,
    );
  }
}
process.exit(ok ? 0 : 1);

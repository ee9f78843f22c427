import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../src/testing/index.js';

const run = promisify(execFile);

export interface CommandResult {
  code: number;
  output: string;
}

/**
 * Runs `npm run backup` / `npm run restore` as an operator would (their scripts, without npm's own
 * lines), with only the settings given: DATA_DIR, DATABASE_URL.
 */
export async function runOpsCommand(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DATA_DIR', 'DATABASE_URL', 'INIT_CWD'].includes(k)),
  );
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/backup/${script}-command.ts`, ...args],
      { cwd: REPO_ROOT, env: { ...clean, ...env }, timeout: 120_000 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

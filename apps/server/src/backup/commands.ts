/** What `npm run backup` and `npm run restore` share: paths as typed, and a one-line failure. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** npm runs workspace scripts inside the workspace: a relative path means the folder npm was started from. */
export const fromStartFolder = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

export const hearthVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Runs a command: its own sentence on failure (no stack trace), and exit status 1. */
export function runCommand(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

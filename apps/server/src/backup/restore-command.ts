/** `npm run restore -- FILE`: see restore-backup.ts. */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { fromStartFolder, runCommand } from './commands.js';
import { restoreBackup } from './restore-backup.js';

const USAGE =
  'Usage: npm run restore -- FILE   (into an empty DATA_DIR, and an empty DATABASE_URL database if set, with the server stopped)';

runCommand(async () => {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new Error(USAGE);
  const config = loadConfig();
  const archive = fromStartFolder(positionals[0]!);
  const { manifest, upgraded } = await restoreBackup({
    archive,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  console.log(
    `Restored ${archive} into ${config.dataDir}${config.databaseUrl ? ' and the database of DATABASE_URL' : ''}: the data as of ${manifest.taken_at}, ${manifest.files} stored files${upgraded.length ? `, upgraded by ${upgraded.length} migration(s)` : ''}. Start the server to use it.`,
  );
});

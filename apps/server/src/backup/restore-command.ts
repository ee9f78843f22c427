/** `npm run restore -- FILE`: see restore-backup.ts. */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openStorage } from '../storage/create-storage.js';
import { fromStartFolder, runCommand } from './commands.js';
import { restoreBackup } from './restore-backup.js';

const USAGE =
  'Usage: npm run restore -- FILE   (into an empty DATA_DIR, an empty DATABASE_URL database if set and an empty bucket with STORAGE_BACKEND=s3, with the server stopped)';

runCommand(async () => {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new Error(USAGE);
  const config = loadConfig();
  const archive = fromStartFolder(positionals[0]!);
  // With STORAGE_BACKEND=s3 the files go into the bucket (checked reachable first), not DATA_DIR/files.
  const remote = config.storage.backend === 's3' ? await openStorage(config) : undefined;
  const { manifest, upgraded } = await restoreBackup({
    archive,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    remoteFiles: remote?.storage,
  }).finally(() => remote?.close());
  console.log(
    `Restored ${archive} into ${config.dataDir}${config.databaseUrl ? ' and the database of DATABASE_URL' : ''}${remote ? ' and the S3 bucket' : ''}: the data as of ${manifest.taken_at}, ${manifest.files} stored files${upgraded.length ? `, upgraded by ${upgraded.length} migration(s)` : ''}. Start the server to use it.`,
  );
});

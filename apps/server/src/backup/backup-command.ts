/** `npm run backup -- --out FILE`: see take-backup.ts. */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openStorage } from '../storage/create-storage.js';
import { fromStartFolder, hearthVersion, megabytes, runCommand } from './commands.js';
import { databaseToBackUp } from './database-location.js';
import { takeBackup } from './take-backup.js';

const USAGE = 'Usage: npm run backup -- --out FILE   (DATA_DIR and DATABASE_URL as for the server)';

runCommand(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  if (!values.out) throw new Error(USAGE);
  const config = loadConfig();
  const files = await openStorage(config);
  const database = await databaseToBackUp(config.dataDir, config.databaseUrl).catch((err: unknown) => {
    files.close();
    throw err;
  });
  try {
    const result = await takeBackup({
      databaseUrl: database.url,
      storage: files.storage,
      out: fromStartFolder(values.out),
      hearthVersion: hearthVersion(),
    });
    console.log(
      `Backup written to ${fromStartFolder(values.out)} (${megabytes(result.bytes)}, ${result.files} stored files): the data as of ${result.takenAt.toISOString()}.`,
    );
    if (!result.recorded)
      console.log('The database predates the record of backups: start the server of this release to upgrade it.');
  } finally {
    files.close();
    await database.close();
  }
});

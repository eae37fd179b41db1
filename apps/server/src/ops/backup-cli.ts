// `npm run backup [ARCHIVE]` and `npm run restore ARCHIVE` (see docs/operations.md).
import path from 'node:path';
import { createRequire } from 'node:module';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, createBackup, restoreBackup } from './backup.ts';

const POSTGRES_ADVICE =
  'DATABASE_URL is set: back up PostgreSQL with pg_dump and the data folder (DATA_DIR) with your ' +
  'file backup; docs/operations.md gives the commands.';

async function run(command: string | undefined, archive: string | undefined): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) throw new BackupError(POSTGRES_ADVICE);
  if (command === 'backup') {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const archivePath = path.resolve(
      archive ?? path.join('backups', `keepkidbusy-${stamp}.tar.gz`),
    );
    const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };
    const manifest = await createBackup({
      dataDir: config.dataDir,
      archivePath,
      appVersion: version,
    });
    console.info(`Backed up ${manifest.entries.join(', ')} to ${archivePath}`);
  } else if (command === 'restore' && archive) {
    const { keptIn } = await restoreBackup({ dataDir: config.dataDir, archivePath: archive });
    console.info(`Restored ${archive} into ${config.dataDir}`);
    if (keptIn) console.info(`What it replaced is kept in ${keptIn}`);
  } else {
    throw new BackupError('Usage: npm run backup [ARCHIVE] | npm run restore ARCHIVE');
  }
}

run(process.argv[2], process.argv[3]).catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});

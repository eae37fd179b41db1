// `npm run backup` / `npm run restore`: a SQLite deployment's whole state (database, uploaded
// files, generated secrets) in one .tar.gz, taken while the server runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';

const DATABASE_FILE = 'app.db';
const MANIFEST_FILE = 'backup.json';
const FILES_DIR = 'files';
const BACKUP_FORMAT = 1;

interface BackupManifest {
  format: number;
  createdAt: string;
  appVersion: string;
  entries: string[];
}

export class BackupError extends Error {}

/** What belongs in a backup besides the database: uploads and generated secrets, not the outbox. */
function dataEntries(dataDir: string): string[] {
  return fs
    .readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) =>
      entry.isDirectory()
        ? entry.name === FILES_DIR
        : entry.isFile() && !entry.name.startsWith(DATABASE_FILE) && !entry.name.startsWith('.'),
    )
    .map((entry) => entry.name)
    .sort();
}

/**
 * Writes `archivePath`: a consistent copy of the database made with SQLite's online backup API
 * (writers carry on meanwhile) plus the files directory and secrets of `dataDir`.
 */
export async function createBackup(options: {
  dataDir: string;
  archivePath: string;
  appVersion: string;
  now?: Date;
}): Promise<BackupManifest> {
  const databasePath = path.join(options.dataDir, DATABASE_FILE);
  if (!fs.existsSync(databasePath)) {
    throw new BackupError(`No database at ${databasePath}: is DATA_DIR right?`);
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'kkb-backup-'));
  try {
    const source = new SQLite(databasePath, { fileMustExist: true });
    try {
      await source.backup(path.join(staging, DATABASE_FILE));
    } finally {
      source.close();
    }
    // The archive reads uploads and secrets in place, through links in the staging folder.
    const entries = dataEntries(options.dataDir);
    for (const name of entries) {
      fs.symlinkSync(path.join(options.dataDir, name), path.join(staging, name));
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: (options.now ?? new Date()).toISOString(),
      appVersion: options.appVersion,
      entries: [DATABASE_FILE, ...entries],
    };
    fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(path.dirname(path.resolve(options.archivePath)), { recursive: true });
    const partial = `${options.archivePath}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, [
      MANIFEST_FILE,
      ...manifest.entries,
    ]);
    fs.renameSync(partial, options.archivePath);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Puts a backup back into `dataDir`. The archive is unpacked and checked beside the data first;
 * what it replaces is moved to `dataDir/before-restore-<time>`, so a wrong archive loses nothing.
 * The server must be stopped.
 */
export async function restoreBackup(options: {
  dataDir: string;
  archivePath: string;
  now?: Date;
}): Promise<{ manifest: BackupManifest; keptIn: string | null }> {
  if (!fs.existsSync(options.archivePath)) {
    throw new BackupError(`No backup at ${options.archivePath}`);
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const unpacked = fs.mkdtempSync(path.join(options.dataDir, '.restore-'));
  try {
    try {
      await tar.extract({ file: options.archivePath, cwd: unpacked, strict: true });
    } catch (error) {
      throw new BackupError(`${options.archivePath} is not a backup archive: ${String(error)}`);
    }
    const manifest = readManifest(unpacked);
    checkDatabase(path.join(unpacked, DATABASE_FILE));

    const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
    const keptIn = path.join(options.dataDir, `before-restore-${stamp}`);
    const replaced = fs
      .readdirSync(options.dataDir)
      .filter((name) => name.startsWith(DATABASE_FILE) || manifest.entries.includes(name));
    if (replaced.length > 0) {
      fs.mkdirSync(keptIn);
      for (const name of replaced) {
        fs.renameSync(path.join(options.dataDir, name), path.join(keptIn, name));
      }
    }
    for (const name of manifest.entries) {
      fs.renameSync(path.join(unpacked, name), path.join(options.dataDir, name));
    }
    return { manifest, keptIn: replaced.length > 0 ? keptIn : null };
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}

function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new BackupError('The archive has no backup.json: not a backup');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(`Backup format ${manifest.format} is not supported`);
  }
  for (const name of manifest.entries) {
    if (name.includes('/') || name.includes('\\') || name.startsWith('.')) {
      throw new BackupError(`The archive lists a bad entry: ${name}`);
    }
    if (!fs.existsSync(path.join(dir, name))) {
      throw new BackupError(`The archive is missing ${name}`);
    }
  }
  return manifest;
}

function checkDatabase(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok')
      throw new BackupError(`The archived database is damaged: ${String(result)}`);
  } finally {
    db.close();
  }
}

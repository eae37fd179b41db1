import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { createUser, type CreatedUser } from '../test/create-user.ts';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/test-app.ts';
import { BackupError, createBackup, restoreBackup } from './backup.ts';
import { pngBytes } from '../test/images.ts';

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
const PNG = pngBytes('a family photo');

/** Backups are the SQLite deployment's tool; PostgreSQL ones use pg_dump (docs/operations.md). */
describe.skipIf(testDatabaseKind === 'postgres')('backup and restore (SQLite)', () => {
  let t: TestApp;
  let families: CreatedUser[];
  let work: string;
  let archive: string;

  const inject = (
    app: TestApp['app'],
    user: CreatedUser,
    method: 'GET' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.authHeader,
      ...(payload && { payload }),
    });

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'kkb-backup-test-'));
    archive = path.join(work, 'backup.tar.gz');
    t = await createTestApp();
    families = [];
    for (const name of ['Ann', 'Bob', 'Cleo']) {
      const user = await createUser(t.app, { name });
      await inject(t.app, user, 'PUT', '/progress', { favouriteColour: `${name} blue` });
      const upload = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/files/avatars/me.png',
        headers: { ...user.authHeader, 'content-type': 'application/octet-stream' },
        payload: PNG,
      });
      expect(upload.statusCode).toBe(201);
      families.push(user);
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up while the server runs and restores every family with its files', async () => {
    const manifest = await createBackup({
      dataDir: t.config.dataDir,
      archivePath: archive,
      appVersion: '0.1.0',
    });
    expect(manifest.entries).toContain('app.db');
    expect(manifest.entries).toContain('files');
    // A write after the backup is not in it.
    await inject(t.app, families[0]!, 'PUT', '/progress', { afterBackup: true });

    const restoredDir = path.join(work, 'restored');
    await restoreBackup({ dataDir: restoredDir, archivePath: archive });
    const database = createDatabase({ dataDir: restoredDir, databaseUrl: undefined });
    const config = loadConfig({ DATA_DIR: restoredDir, JWT_SECRET, WEATHER_PROVIDER: 'fixed' });
    const restored = await buildApp(config, { database, logger: false });
    try {
      for (const [i, user] of families.entries()) {
        const progress = await inject(restored, user, 'GET', '/progress');
        expect(progress.statusCode).toBe(200);
        expect(JSON.stringify(progress.json())).toContain(`${['Ann', 'Bob', 'Cleo'][i]} blue`);
        expect(JSON.stringify(progress.json())).not.toContain('afterBackup');
        const file = await inject(restored, user, 'GET', '/files/avatars/me.png');
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(PNG)).toBe(true);
      }
    } finally {
      await restored.close();
      await database.destroy();
    }
  });

  it('keeps what a restore replaces, and refuses an archive that is not a backup', async () => {
    const dataDir = path.join(work, 'second');
    await restoreBackup({ dataDir, archivePath: archive });
    const { keptIn } = await restoreBackup({ dataDir, archivePath: archive });
    expect(keptIn).not.toBeNull();
    expect(fs.existsSync(path.join(keptIn!, 'app.db'))).toBe(true);

    const notBackup = path.join(work, 'not-a-backup.tar.gz');
    fs.writeFileSync(path.join(work, 'notes.txt'), 'hello');
    await tar.create({ gzip: true, file: notBackup, cwd: work }, ['notes.txt']);
    const before = fs.readdirSync(dataDir).sort();
    await expect(restoreBackup({ dataDir, archivePath: notBackup })).rejects.toThrow(BackupError);
    await expect(
      restoreBackup({ dataDir, archivePath: path.join(work, 'missing.tar.gz') }),
    ).rejects.toThrow(BackupError);
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);
  });
});

import { parseEnv } from '../env';
import { DataDirInUseError } from './data-dir-lock';
import { BackupError, backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup';

const USAGE = `Usage: npm run backup -- <file>
       npm run restore -- <file> [--force]

Backs up, or restores, the database the app uses: DATABASE_URL when set (through pg_dump and
pg_restore, which must be on PATH), otherwise the embedded database in DATA_DIR/pglite. Photos are
stored in the database, so the file holds everything. The embedded database must not be in use
(stop the server first); a PostgreSQL backup can be taken while the app runs, a restore cannot.
A restore refuses to replace a database that holds data unless --force is given.`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const args = process.argv.slice(2);
  const [action, file, ...rest] = args.filter((arg) => arg !== '--force');
  const force = args.includes('--force');
  if (
    (action !== 'backup' && action !== 'restore') ||
    !file ||
    rest.length > 0 ||
    (force && action !== 'restore')
  ) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  const config = parseEnv(process.env);
  if (action === 'backup') {
    const done = config.databaseUrl
      ? await backupPostgres(config.databaseUrl, file)
      : await backupPglite(config.dataDir, file);
    console.log(`Backed up ${done.from} to ${file} (${megabytes(done.bytes)}).`);
    return;
  }
  const done = config.databaseUrl
    ? await restorePostgres(config.databaseUrl, file, force)
    : await restorePglite(config.dataDir, file, force);
  console.log(`Restored ${file} into ${done.to}. The server applies any newer migrations when it starts.`);
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof DataDirInUseError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});

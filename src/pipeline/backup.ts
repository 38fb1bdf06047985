import type { DatabaseConfig } from '../config';
import {
  readBackupInto,
  writeBackup,
  type BackupSummary,
  type RestoreSummary,
} from '../store/backup';

export type { BackupSummary, RestoreSummary } from '../store/backup';

/**
 * `tally backup <file>`: every table of the database at DATABASE_URL, images included, as one
 * consistent snapshot taken while Tally serves (src/store/backup.ts has the format). Opened on a
 * connection of its own and never migrated: a backup changes nothing.
 */
export function backupDatabase(database: DatabaseConfig, file: string): Promise<BackupSummary> {
  return writeBackup(database, file);
}

/**
 * `tally restore <file>`: into a database without Tally rows (`force` drops what is there), at
 * the backup's schema; a file of another format or of a schema newer than this Tally's is
 * refused before anything changes. Tally must not be serving the database meanwhile.
 */
export function restoreDatabase(
  database: DatabaseConfig,
  file: string,
  opts: { force?: boolean } = {},
): Promise<RestoreSummary> {
  return readBackupInto(database, file, opts);
}

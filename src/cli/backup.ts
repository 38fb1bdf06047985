import { loadConfig } from '../config';
import { backupDatabase, restoreDatabase } from '../pipeline/backup';
import { type Cli, printer } from './shared';

const total = (rows: Record<string, number>) => Object.values(rows).reduce((a, b) => a + b, 0);

/** `tally backup` and `tally restore`: the database at DATABASE_URL to one portable file and back. */
export function registerBackups({ program }: Cli): void {
  program
    .command('backup <file>')
    .description(
      'write a consistent backup of the database (every table, contest images included) to a file, while Tally serves',
    )
    .option('--json')
    .action(async (file: string, opts: { json?: boolean }) => {
      const done = await backupDatabase(loadConfig().database, file);
      printer(opts)(
        { file: done.file, database: done.database, schema: done.schema, rows: done.rows },
        `Backed up ${total(done.rows)} rows (${done.database}, schema ${done.schema}) to ${done.file}`,
      );
    });
  program
    .command('restore <file>')
    .description(
      'restore a backup into an empty database (stop Tally first); --force drops what the database holds',
    )
    .option('--force', "drop Tally's tables and every row in them before restoring")
    .option('--json')
    .action(async (file: string, opts: { force?: boolean; json?: boolean }) => {
      const done = await restoreDatabase(loadConfig().database, file, { force: opts.force });
      printer(opts)(
        {
          file: done.file,
          from: done.database,
          schema: done.schema,
          rows: done.rows,
          skipped: done.skipped,
        },
        [
          `Restored ${total(done.rows)} rows from ${done.file} (a ${done.database} backup) at schema ${done.schema}.`,
          done.skipped.length
            ? `Skipped tables that are not Tally's: ${done.skipped.join(', ')}.`
            : '',
          done.schema === done.latest
            ? ''
            : `\`tally serve\` or \`tally migrate\` brings it up to ${done.latest}.`,
        ]
          .filter(Boolean)
          .join('\n'),
      );
    });
}

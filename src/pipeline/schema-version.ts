/**
 * The schema's version for the operator (`tally migrate status|down`): which migrations the
 * database has and which are pending, what undoing the newest ones drops, and undoing them.
 * These open the database without migrating it (status must not apply what it reports).
 */
export {
  migrateDown,
  migrationStatus,
  planDown,
  type DownPlan,
  type Loss,
  type MigrationStatus,
} from '../store/migrations';

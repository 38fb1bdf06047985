/**
 * ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT, SQLITE_BUSY(_SNAPSHOT…): a lost race for a lock,
 * transient and never the fault of the rows involved. The transaction was rolled back, so it may
 * run again.
 */
export function isLockContention(err: unknown): boolean {
  const e = err as {
    code?: unknown;
    errno?: unknown;
    driverError?: { code?: unknown; errno?: unknown };
  };
  const code = e.driverError?.code ?? e.code;
  const errno = e.driverError?.errno ?? e.errno;
  return (
    errno === 1213 || errno === 1205 || (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))
  );
}

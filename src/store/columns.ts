/**
 * datetime(3) as raw queries return it: a Date from mysql2 (timezone 'Z'), and the UTC text
 * 'YYYY-MM-DD HH:MM:SS.mmm' that TypeORM writes on SQLite.
 */
export function dateFromColumn(value: Date | string): Date {
  if (value instanceof Date) return value;
  return new Date(`${value.replace(' ', 'T')}Z`);
}

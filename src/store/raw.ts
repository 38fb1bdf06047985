import type { EntityManager } from 'typeorm';
import type { Dialect } from './data-source';

/**
 * Plain SQL for the write pipeline's hot path: fixed statement texts (so better-sqlite3's
 * statement cache and MariaDB's parser see the same SQL every time) instead of a query builder
 * rebuilt per call. Values are written exactly as TypeORM writes them, so rows read back the same.
 */

/** A datetime(3) parameter: a Date for mysql2 (timezone 'Z'), TypeORM's UTC text on SQLite. */
export function timeParam(dialect: Dialect, value: Date | null): Date | string | null {
  if (value === null) return null;
  return dialect === 'mysql' ? value : value.toISOString().replace('T', ' ').replace('Z', '');
}

export interface Executed {
  affected: number;
  /** The AUTO_INCREMENT id of an INSERT (lastInsertRowid on SQLite). */
  insertId: number;
}

/** Runs one writing statement through the manager's connection and reports what it did. */
export async function execute(m: EntityManager, sql: string, params: unknown[]): Promise<Executed> {
  const own = m.queryRunner ? null : m.connection.createQueryRunner();
  const runner = m.queryRunner ?? own!;
  try {
    const result = await runner.query(sql, params, true);
    const raw: unknown = result.raw;
    const insertId =
      typeof raw === 'object' && raw !== null && 'insertId' in raw
        ? Number((raw as { insertId: unknown }).insertId)
        : Number(raw);
    return { affected: result.affected ?? 0, insertId };
  } finally {
    await own?.release();
  }
}

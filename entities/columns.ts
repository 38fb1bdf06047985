import type { EntitySchemaColumnOptions, ValueTransformer } from 'typeorm';

/**
 * BIGINT comes back as a string from mysql2 and as a number from better-sqlite3 (DESIGN.md 5);
 * every value we store is within ±(2^53−1), so Number() is exact either way.
 */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

export const col = {
  id: (): EntitySchemaColumnOptions => ({ type: 'int', primary: true, generated: 'increment' }),
  int: (nullable = false): EntitySchemaColumnOptions => ({ type: 'int', nullable }),
  bigint: (nullable = false): EntitySchemaColumnOptions => ({
    type: 'bigint',
    nullable,
    transformer: bigintNumber,
  }),
  text: (length: number, nullable = false): EntitySchemaColumnOptions => ({
    type: 'varchar',
    length,
    nullable,
  }),
  bool: (): EntitySchemaColumnOptions => ({ type: 'boolean' }),
  time: (nullable = false): EntitySchemaColumnOptions => ({
    type: 'datetime',
    precision: 3,
    nullable,
  }),
  json: (): EntitySchemaColumnOptions => ({ type: 'simple-json' }),
  longText: (nullable = false): EntitySchemaColumnOptions => ({ type: 'text', nullable }),
};

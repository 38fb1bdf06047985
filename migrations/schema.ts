import { TableIndex, type TableColumnOptions } from 'typeorm';

/** Portable column and index builders shared by every migration (DESIGN.md 5). */
export function index(table: string, columnNames: string[], isUnique = false): TableIndex {
  return new TableIndex({ name: `ix_${table}_${columnNames.join('_')}`, columnNames, isUnique });
}

export function columns(mysql: boolean) {
  return {
    id: (name: string): TableColumnOptions => ({
      name,
      // SQLite only autoincrements an INTEGER PRIMARY KEY; MariaDB reads `integer` as int.
      type: 'integer',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment',
    }),
    int: (name: string, isNullable = false, isPrimary = false): TableColumnOptions => ({
      name,
      type: 'int',
      isNullable,
      isPrimary,
    }),
    bigint: (name: string, isNullable = false): TableColumnOptions => ({
      name,
      type: 'bigint',
      isNullable,
    }),
    bool: (name: string): TableColumnOptions => ({ name, type: 'boolean' }),
    time: (name: string, isNullable = false): TableColumnOptions => ({
      name,
      type: 'datetime',
      precision: 3,
      isNullable,
    }),
    text: (
      name: string,
      length: number,
      opts: { nullable?: boolean; primary?: boolean; binary?: boolean } = {},
    ): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      isNullable: opts.nullable ?? false,
      isPrimary: opts.primary ?? false,
      // Ids compare byte for byte on both databases (DESIGN.md 3: tie order is binary); NO PAD, so
      // "custom:Ann" and "custom:Ann " stay two players, as on SQLite.
      ...(mysql
        ? {
            charset: 'utf8mb4',
            collation: opts.binary ? 'utf8mb4_nopad_bin' : 'utf8mb4_unicode_ci',
          }
        : {}),
    }),
  };
}

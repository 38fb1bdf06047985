import { dateFromColumn } from './columns';

/**
 * One table's columns as the store's fixed SQL reads them: the SELECT list, and a mapper from a
 * row as either driver returns it (objects from TypeORM's query(), arrays from the prepared
 * reader's raw mode) to the entity's shape. Declared once per table, field by field, so a
 * column is added in one place; test/store/row-codecs.test.ts checks each list against the
 * entity and the migrated schema.
 */
export type Read<T> = (raw: unknown) => T;

const int: Read<number> = (v) => Number(v);
const orNull =
  <T>(read: Read<T>): Read<T | null> =>
  (v) =>
    v === null || v === undefined ? null : read(v);

/** How a column's value reads back on SQLite and MariaDB alike. */
export const read = {
  text: ((v) => v as string) as Read<string>,
  textOrNull: ((v) => (v ?? null) as string | null) as Read<string | null>,
  int,
  intOrNull: orNull(int),
  date: ((v) => dateFromColumn(v as Date | string)) as Read<Date>,
  dateOrNull: orNull((v) => dateFromColumn(v as Date | string)),
  /** simple-json: text on SQLite and MariaDB alike, an object if a driver parsed it already. */
  json: ((v) => (typeof v === 'string' ? JSON.parse(v) : v) as object) as Read<object>,
  /** A value of a closed set (status, kind): the schema's own check is the guard. */
  as:
    <T>(): Read<T> =>
    (v) =>
      v as T,
};

export interface RowCodec<T> {
  table: string;
  /** The SELECT list in field order: `player_id, player_name, …`. */
  columns: string;
  /** The same list with a table alias: `e.player_id, e.player_name, …`. */
  aliased(alias: string): string;
  /** Column name of each field, in order. */
  fields: readonly (readonly [property: string, column: string])[];
  /** A row as an array in `columns` order (extra trailing values are ignored). */
  fromArray(row: readonly unknown[]): T;
  /** A row as an object keyed by column name. */
  fromObject(row: Record<string, unknown>): T;
}

export function rowCodec<T>(
  table: string,
  columns: { [K in keyof T]-?: readonly [column: string, read: Read<T[K]>] },
): RowCodec<T> {
  const list = Object.entries(columns) as [string, readonly [string, Read<unknown>]][];
  const props = list.map(([property]) => property);
  const names = list.map(([, [column]]) => column);
  const reads = list.map(([, [, reader]]) => reader);
  // One object literal with every field, compiled once per table: each read is called from a
  // call site of its own and every row gets the same shape (a loop over the fields with
  // computed keys was four times slower on a 51-row page). The names are this file's own
  // property names, never input.
  for (const property of props) {
    if (!/^[A-Za-z_$][\w$]*$/.test(property)) throw new Error(`${table}: bad property ${property}`);
  }
  const body = props.map((property, i) => `${property}: reads[${i}](row[${i}])`).join(', ');
  const fromArray = new Function('reads', `return (row) => ({ ${body} });`)(reads) as (
    row: readonly unknown[],
  ) => T;
  return {
    table,
    columns: names.join(', '),
    aliased: (alias) => names.map((n) => `${alias}.${n}`).join(', '),
    fields: list.map(([property, [column]]) => [property, column] as const),
    fromArray,
    fromObject: (row) => fromArray(names.map((n) => row[n])),
  };
}

import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../entities';
import { EntryEntity } from '../../entities/entry';
import { IdempotencyRecordEntity } from '../../entities/idempotency-record';
import { ScoreEntity } from '../../entities/score';
import { SeasonEntity } from '../../entities/season';
import { SubmissionEntity } from '../../entities/submission';
import { ENTRY } from '../../src/store/entries';
import { IDEMPOTENCY } from '../../src/store/idempotency';
import { SCORE } from '../../src/store/results';
import { SEASON } from '../../src/store/seasons';
import type { RowCodec } from '../../src/store/row-codec';
import { SUBMISSION } from '../../src/store/submissions';
import { backendName } from '../support/backends';
import { createTestContext } from '../support/context';

/**
 * One definition per table: the entity schema, the schema the migrations build and the column
 * lists of the store's fixed SQL (src/store/row-codec.ts) must agree, so a column added in one
 * place and forgotten in another fails here rather than in production.
 */
describe(`entities, migrations and the fixed SQL agree (${backendName})`, () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  let dataSource: DataSource;
  beforeAll(async () => {
    t = await createTestContext();
    dataSource = t.dataSource;
  });
  afterAll(() => t.close());

  async function migratedColumns(table: string): Promise<string[]> {
    const runner = dataSource.createQueryRunner();
    try {
      const found = await runner.getTable(table);
      return (found?.columns ?? []).map((c) => c.name).sort();
    } finally {
      await runner.release();
    }
  }

  it.each(entities.map((e) => [e.options.tableName ?? e.options.name, e] as const))(
    'GIVEN the %s entity THEN the migrated table has exactly its columns',
    async (table, entity) => {
      const declared = dataSource
        .getMetadata(entity)
        .columns.map((c) => c.databaseName)
        .sort();
      expect(await migratedColumns(table)).toEqual(declared);
    },
  );

  it.each([
    ['entries', ENTRY, EntryEntity, ['boardPk']],
    ['scores', SCORE, ScoreEntity, []],
    ['submissions', SUBMISSION, SubmissionEntity, []],
    ['idempotency_records', IDEMPOTENCY, IdempotencyRecordEntity, []],
    ['seasons', SEASON, SeasonEntity, []],
  ] as [string, RowCodec<unknown>, (typeof entities)[number], string[]][])(
    'GIVEN the %s column list THEN each field is the entity column of that name, and none is missing',
    async (table, codec, entity, leftOut) => {
      const byProperty = new Map(
        dataSource.getMetadata(entity).columns.map((c) => [c.propertyName, c.databaseName]),
      );
      expect(codec.table).toBe(table);
      for (const [property, column] of codec.fields) {
        expect(byProperty.get(property), `${table}.${property}`).toBe(column);
      }
      const listed = new Set(codec.fields.map(([property]) => property));
      expect([...byProperty.keys()].filter((p) => !listed.has(p))).toEqual(leftOut);
      // And the list is valid SQL against the migrated table.
      await expect(
        dataSource.query(`SELECT ${codec.columns} FROM ${table} LIMIT 1`),
      ).resolves.toBeDefined();
    },
  );
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 31: a cached first page is served for as long as its board's version reads the same
 * (src/store/board-versions.ts), so every write to a board's entries or its row must move that
 * version in its own transaction. test/api/read-cache.test.ts checks each writer's effect; this
 * finds the writers: a statement that writes `entries` or `boards` anywhere else fails here until
 * it is listed with what moves the version for it.
 */
/** Each file that writes them, and what in it moves the version (null: its callers do). */
const WRITERS: Record<string, string | null> = {
  // saveEntries, removeEntries, flushBatch: their callers lock the board first, and lockBoard
  // moves the version (test/api/read-cache.test.ts: apply, correction, season's end).
  'src/store/results.ts': 'BUMP_VERSION',
  // clearEntries, clearRecords: a season's end, under the board's lock (pipeline/seasons.ts).
  'src/store/seasons.ts': null,
  // renamePlayer moves each board it renames on, in the same transaction.
  'src/store/entries.ts': 'BUMP_VERSION',
  // deletes the board's row with its entries: no version is left to match.
  'src/store/board-deletion.ts': null,
  // BoardRepository.update: `version: nextVersion` with every change of the row.
  'src/store/repositories.ts': 'nextVersion',
  'src/store/board-versions.ts': 'BUMP_VERSION',
};

const WRITES = [
  /\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM)\s+`?(?:entries|boards)\b/i,
  /\.(?:insert|update|delete|save|upsert|increment|decrement|remove)\(\s*(?:EntryEntity|BoardEntity)\b/,
  /\.(?:update|delete|insert)\(\)[\s\S]{0,40}?\.(?:from|into)?\(?\s*(?:EntryEntity|BoardEntity)\b/,
  /\.update\(\s*(?:EntryEntity|BoardEntity)\s*\)/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return d.name.endsWith('.ts') ? [path] : [];
  });
}

describe('writers of entries and boards move the board version', () => {
  const root = join(__dirname, '../..');
  const files = [...sources(join(root, 'src')), ...sources(join(root, 'commands'))].map((f) =>
    relative(root, f).split('\\').join('/'),
  );

  it('GIVEN the sources THEN only the listed files write entries or boards', () => {
    const writing = files.filter((f) =>
      WRITES.some((w) => w.test(readFileSync(join(root, f), 'utf8'))),
    );
    expect(writing.sort()).toEqual(Object.keys(WRITERS).sort());
  });

  it.each(Object.entries(WRITERS).filter(([, how]) => how !== null))(
    'GIVEN %s THEN it moves the version with %s',
    (file, how) => expect(readFileSync(join(root, file), 'utf8')).toContain(how),
  );

  it('GIVEN a planted writer THEN it is found', () => {
    const planted = "await tx.query('UPDATE entries SET score = 1 WHERE board_pk = ?', [pk]);";
    expect(WRITES.some((w) => w.test(planted))).toBe(true);
    expect(WRITES.some((w) => w.test('m.update(EntryEntity, { boardPk }, { score: 1 })'))).toBe(
      true,
    );
    expect(WRITES.some((w) => w.test('.createQueryBuilder()\n    .update(EntryEntity)'))).toBe(
      true,
    );
  });
});

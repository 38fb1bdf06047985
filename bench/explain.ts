import type { DataSource, EntityManager } from 'typeorm';
import type { Database } from '../src/store/database';
import { EntryRepository, type EntryPosition } from '../src/store/entries';
import type { TargetCheck } from './report';
import type { RunningBackend } from './targets';

/**
 * Issue 3: the entries index is (board_pk, rank_key, player_id), rank_key folding the sort
 * direction in (−score on a desc board), which is (board, value DESC, player_id ASC). The
 * statements are the ones src/store/entries.ts really sends: its repository runs against a
 * stand-in database that EXPLAINs each statement instead of running it. On MariaDB no row of the
 * plan may say "Using filesort"; on SQLite no "USE TEMP B-TREE FOR ORDER BY".
 */
interface Plan {
  query: string;
  lines: string[];
  sorts: boolean;
  /** Deep page only: the index is entered at the cursor (a range on rank_key), not walked from the board's first row. */
  seeks: boolean | null;
}

async function explainAll(
  ds: DataSource,
  dialect: 'mysql' | 'sqlite',
  read: (repo: EntryRepository) => Promise<unknown>,
): Promise<{ sql: string; rows: Record<string, unknown>[] }[]> {
  const plans: { sql: string; rows: Record<string, unknown>[] }[] = [];
  const manager = {
    async query(sql: string, params?: unknown[]) {
      const prefix = dialect === 'mysql' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
      plans.push({
        sql,
        rows: (await ds.query(prefix + sql, params)) as Record<string, unknown>[],
      });
      return [];
    },
  } as unknown as EntityManager;
  const db = { dialect, run: (fn: (m: EntityManager) => Promise<unknown>) => fn(manager) };
  await read(new EntryRepository(db as unknown as Database));
  return plans;
}

export async function explainPages(running: RunningBackend): Promise<Plan[]> {
  const ds = running.dataSource;
  const dialect = ds.options.type === 'mysql' ? 'mysql' : 'sqlite';
  const sizes = Object.keys(running.state.boards).map(Number);
  const board = running.state.boards[Math.max(...sizes)]!;
  const rows = (await ds.query(
    'SELECT rank_key, player_id FROM entries WHERE board_pk = ? ORDER BY rank_key, player_id LIMIT 1 OFFSET ?',
    [board.pk, Math.floor(board.size * 0.9)],
  )) as { rank_key: number | string; player_id: string }[];
  const after: EntryPosition = { rankKey: Number(rows[0]!.rank_key), playerId: rows[0]!.player_id };
  const out: Plan[] = [];
  for (const [query, read] of [
    ['first page', (r: EntryRepository) => r.page(board.pk, null, 51)],
    ['deep page (cursor 90 %)', (r: EntryRepository) => r.page(board.pk, after, 51)],
    ['entry + live rank', (r: EntryRepository) => r.get(board.pk, after.playerId)],
  ] as const) {
    for (const plan of await explainAll(ds, dialect, read)) {
      const lines = plan.rows.map((r) =>
        dialect === 'mysql'
          ? `${String(r.select_type).padEnd(12)} ${String(r.table).padEnd(18)} type=${r.type} key=${r.key} rows=${r.rows} extra=${r.Extra ?? ''}`
          : String(r.detail),
      );
      const sorts = lines.some((l) => /filesort|TEMP B-TREE FOR ORDER BY/i.test(l));
      const main = lines[0] ?? '';
      const seeks = query.startsWith('deep')
        ? dialect === 'mysql'
          ? /type=range/.test(main)
          : /rank_key>/.test(main)
        : null;
      out.push({ query: `${query} (${board.size} entries)`, lines, sorts, seeks });
    }
  }
  return out;
}

export function explainLines(backend: string, plans: Plan[]): string {
  return [
    `\n== ${backend}: query plans of the entries reads (src/store/entries.ts) ==`,
    ...plans.flatMap((p) => [
      `${p.query}: ${p.sorts ? 'SORTS' : 'no sort'}${p.seeks === null ? '' : p.seeks ? ', seeks to the cursor' : ', WALKS FROM THE FIRST ROW'}`,
      ...p.lines.map((l) => `    ${l}`),
    ]),
  ].join('\n');
}

export function explainChecks(
  backend: RunningBackend['backend']['name'],
  plans: Plan[],
): TargetCheck[] {
  const checks: TargetCheck[] = plans
    .filter((p) => p.query.includes('page'))
    .map((p) => ({
      backend,
      target: `${p.query.replace(/ \(.*/, '')}: plan without ${backend === 'mariadb' ? 'filesort' : 'temp b-tree sort'}`,
      measured: p.sorts ? 'sorts' : 'index order',
      met: !p.sorts,
    }));
  for (const p of plans.filter((x) => x.seeks !== null)) {
    checks.push({
      backend,
      target: 'deep page: index range from the cursor (no walk from the first row)',
      measured: p.seeks ? 'range' : 'walks the board',
      met: p.seeks === true,
    });
  }
  return checks;
}

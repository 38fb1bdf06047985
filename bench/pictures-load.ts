import type { BenchConfig } from './config';
import type { Sample } from './measure';
import type { Row, TargetCheck } from './report';
import { tallyScenarios } from './scenarios';
import { playerId } from './seed';
import type { RunningBackend, Unit } from './targets';

/**
 * Issue 14: entries-first throughput while pictures render. The same entries-first unit on the
 * largest board, measured while a background client asks Tally for player charts
 * (`…/players/<id>/chart.png`) at BENCH_PICTURE_RATE per second, each for a different player so
 * every one is a fresh render (the cache never helps). Visitors come from rotating addresses
 * through X-Forwarded-For (Tally runs with TRUST_PROXY=1 here) so the per-address picture limit
 * does not answer them with 429 instead of rendering.
 */
export const PICTURE_PLAYERS = 2_000;
const POINTS = 8;

export interface PictureLoad {
  requests: number;
  rendered: number;
  failed: number;
}

/** Background work around a unit's measurement: started before, stopped after. */
export interface Background {
  label: string;
  start(): () => Promise<PictureLoad>;
}

export const pictureRate = () => Number(process.env.BENCH_PICTURE_RATE ?? 1);

/** The unit, after giving PICTURE_PLAYERS players of the board a series (idempotent). */
export async function pictureUnit(
  running: RunningBackend,
  config: BenchConfig,
  pids: Record<string, number | undefined>,
): Promise<Unit | null> {
  const rate = pictureRate();
  const size = config.sizes[config.sizes.length - 1]!;
  const scenario = tallyScenarios.find((s) => s.name === 'entries-first');
  if (rate <= 0 || !scenario || (config.scenarios && !config.scenarios.includes(scenario.name))) {
    return null;
  }
  const board = running.state.boards[size]!;
  const players = Array.from({ length: PICTURE_PLAYERS }, (_, k) =>
    playerId(Math.floor(((k + 0.5) * board.size) / PICTURE_PLAYERS)),
  );
  await seedSeries(running, board.pk, players);
  const sql = (q: string, p?: unknown[]) => running.dataSource.query(q, p);
  return {
    label: `${running.backend.name} entries-first ${size} + pictures`,
    kind: 'tally',
    backend: running.backend.name,
    size,
    scenario: scenario.name,
    variant: `+ ${rate} chart/s`,
    url: running.url,
    headers: { Authorization: `Bearer ${running.state.key.secret}` },
    params: await scenario.prepare({ board, sql, playerId }),
    pids,
    background: {
      label: `${rate} chart.png/s`,
      start: () =>
        chartRequests(
          `${running.url}/boards/${encodeURIComponent(running.state.owner)}/${encodeURIComponent(board.id)}/players`,
          players,
          rate,
        ),
    },
  };
}

/** A series of POINTS values per player, written once (history rows, as results would). */
async function seedSeries(running: RunningBackend, boardPk: number, players: string[]) {
  const query = (q: string, p: unknown[]) => running.dataSource.query(q, p) as Promise<unknown>;
  const rows = (await running.dataSource.query(
    'SELECT COUNT(*) AS n FROM entry_history WHERE board_pk = ?',
    [boardPk],
  )) as { n: number | string }[];
  if (Number(rows[0]?.n ?? 0) >= players.length * POINTS) return;
  const mysql = running.backend.name === 'mariadb';
  const day = 86_400_000;
  const start = Date.UTC(2026, 9, 1);
  for (let i = 0; i < players.length; i += 100) {
    const chunk = players.slice(i, i + 100).flatMap((player, k) =>
      Array.from({ length: POINTS }, (_, p) => {
        const at = new Date(start + p * day);
        return [
          boardPk,
          player,
          mysql ? at : at.toISOString().replace('T', ' ').replace('Z', ''),
          1000 + ((i + k) % 97) * p,
          p === 0 ? null : (i + k) % 97,
          'score',
          null,
          'bench series',
        ];
      }),
    );
    await query(
      `INSERT INTO entry_history (board_pk, player_id, at, value, delta, kind, ref, cause)
         VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      chunk.flat(),
    );
  }
}

/** Asks for one chart every 1/rate seconds, one at a time, until stopped. */
function chartRequests(base: string, players: string[], rate: number) {
  const load: PictureLoad = { requests: 0, rendered: 0, failed: 0 };
  let stopped = false;
  let next = Math.floor(Math.random() * players.length);
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const player = players[next++ % players.length]!;
      load.requests++;
      try {
        const res = await fetch(`${base}/${encodeURIComponent(player)}/chart.png`, {
          headers: { 'X-Forwarded-For': `10.${next % 250}.${(next >> 8) % 250}.1` },
        });
        await res.arrayBuffer();
        if (res.status === 200) load.rendered++;
        else load.failed++;
      } catch {
        load.failed++;
      }
      const wait = 1000 / rate - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return load;
  };
}

/** The target: throughput while pictures render, against the same unit without them. */
export function pictureChecks(rows: Row[], samples: Map<Unit, Sample[]>): TargetCheck[] {
  return rows
    .filter((r) => r.unit.variant !== undefined)
    .flatMap((withPictures) => {
      const plain = rows.find(
        (r) =>
          r.unit.variant === undefined &&
          r.unit.backend === withPictures.unit.backend &&
          r.unit.scenario === withPictures.unit.scenario &&
          r.unit.size === withPictures.unit.size,
      );
      if (!plain || !withPictures.unit.backend) return [];
      const spread = (row: Row) => {
        const rps = row.samples.map((s) => s.rps);
        return (Math.max(...rps) - Math.min(...rps)) / row.rps;
      };
      const drop = 1 - withPictures.rps / plain.rps;
      const noise = Math.max(spread(plain), spread(withPictures));
      const loads = [...samples.entries()]
        .filter(([unit]) => unit.label === withPictures.unit.label)
        .flatMap(([, list]) => list.map((s) => s.pictures))
        .filter((p): p is PictureLoad => p !== undefined);
      const rendered = loads.reduce((n, l) => n + l.rendered, 0);
      const failed = loads.reduce((n, l) => n + l.failed, 0);
      return [
        {
          backend: withPictures.unit.backend,
          target: `entries-first ${withPictures.unit.size} while charts render (${withPictures.unit.variant}): no drop beyond noise`,
          measured: `${Math.round(withPictures.rps)} vs ${Math.round(plain.rps)} req/s: ${(drop * 100).toFixed(1)}% drop, noise (round spread) ${(noise * 100).toFixed(1)}%; p99 ${withPictures.p99.toFixed(1)} vs ${plain.p99.toFixed(1)} ms; ${rendered} charts rendered, ${failed} failed`,
          met: drop <= noise && failed === 0,
        },
      ];
    });
}

import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { APIMessage } from 'discord-api-types/v10';
import { loadConfig } from '../src/config';
import { closeContext, openContext } from '../src/main';
import { createBoard } from '../src/pipeline/boards';
import { Conformance } from '../test/support/fake-discord/conformance';
import {
  FakeDiscord,
  snowflake,
  type FakeGuild,
  type FakeMember,
} from '../test/support/fake-discord';
import type { BackendName, BenchConfig } from './config';
import type { LoadGenerator } from './load/client';
import { withCpu, type Pinned } from './processes';
import { pinnedCores } from './measure';
import {
  aloneRuns,
  firstPageAnswers,
  mixedResult,
  planStreams,
  runStreams,
  since,
  type MixedResult,
} from './mixed';
import { noiseOf, type TargetCheck } from './report';
import { tallyScenarios } from './scenarios/index';
import { playerId } from './seed';
import { startTally, type RunningBackend, type Unit } from './targets';

/**
 * Issue 16, target 4: chat under load. A `tally serve` of its own per backend, its bot connected
 * to a fake Discord in this process (test/support/fake-discord, the one the bot suites use: every
 * request held against Discord's OpenAPI description), gets a burst of interactions every second
 * from different members of the bench's server (`guild:<id>` in seed.ts: the server that owns the
 * seeded boards) while the load generator reads entries-first on the largest board from the same
 * server at BENCH_OPEN_FRACTION (½) of the throughput it reached just before. The mix:
 *
 * - `/leaderboard` on the largest (1M) board: a reply with the first page;
 * - `/match report` on an ELO board with a moderator channel (review): a deferred reply once the
 *   report is validated and queued;
 * - Approve on the review messages the bot posts in that channel, pressed by members with Manage
 *   Server: a deferred update;
 * - `/profile` on the largest board by players given a value series: a deferred reply, then the
 *   chart drawn in the server's render pool and uploaded.
 *
 * Measured per interaction, by the fake (FakeDiscord.timesOf): from the INTERACTION_CREATE going
 * out on the gateway to the arrival of the bot's first callback POST. Discord gives the bot 3 s to
 * acknowledge and then refuses (interaction-rules.ts: 404 Unknown interaction); an interaction
 * with no accepted callback in that window is missed.
 */

const APP = snowflake();
const TOKEN = 'bench-bot-token';
const MANAGE_SERVER = '32';
/** Fixed ids, so the ladder board (which stores its moderator channel) is reused across runs. */
const MOD_CHANNEL = '100000000000000043';
const GENERAL = '100000000000000044';
const LADDER = 'Bench chat ladder';
const REPORTERS = 48;
const MODERATORS = 4;
const PROFILE_PLAYERS = 200;
const POINTS = 8;
/** Discord's acknowledgement window (the fake's default). */
const ACK_WINDOW_MS = 3000;
/** Answers slower than this are counted with the bursts they came in (one stall, or many?). */
const SLOW_MS = 100;

export type ChatKind = 'leaderboard' | 'match' | 'review' | 'profile';
/** One burst's slots, in order (a review slot with no review message waiting runs /leaderboard). */
const MIX: ChatKind[] = [
  'leaderboard',
  'match',
  'review',
  'profile',
  'leaderboard',
  'match',
  'review',
  'leaderboard',
];
const KINDS: ChatKind[] = ['leaderboard', 'match', 'review', 'profile'];
const KIND_LABEL: Record<ChatKind, string> = {
  leaderboard: '/leaderboard',
  match: '/match report',
  review: 'Approve press',
  profile: '/profile + chart',
};

export interface ChatLatency {
  count: number;
  /** ms from INTERACTION_CREATE sent to the first callback's arrival; missed count as Infinity. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  missed: number;
  /** Answered with an ephemeral reply: Tally refused (a setup fault of the scenario if many). */
  refused: number;
}

export interface ChatLoadResult {
  backend: BackendName;
  boardSize: number;
  seconds: number;
  burst: number;
  kinds: Record<ChatKind, ChatLatency>;
  overall: ChatLatency;
  /** Interactions answered after SLOW_MS (or missed), and in how many bursts they were. */
  slow: { count: number; bursts: number };
  /** The first refusal's text per kind, to say why. */
  refusals: string[];
  api: {
    closedRps: number;
    /** Foreign CPU (cores) during that closed-loop run. */
    closedForeign: number | null;
    rate: number;
    achievedRps: number;
    p50: number;
    p99: number;
    errors: number;
  };
  /** Share of one core during the open-loop window, per process (`fake`: this harness). */
  cpu: Record<string, number | null>;
  foreign: number | null;
  /** The harness's cores during the scenario (the fake Discord runs in it). */
  harnessCpus: string;
  /**
   * CPU time (ms) of this harness's main thread during the window (the fake Discord, and the
   * bursts sent), and the part of it spent in the fake's conformance checks; the window (s).
   */
  harnessMs: number;
  conformanceMs: number;
  windowSeconds: number;
  checked: { requests: number; responses: number; dispatches: number };
  violations: string[];
  /** Follow-through: review presses that approved, profile replies that carry the chart. */
  approved: number;
  charts: number;
  profiles: number;
  /** The mixed-load variant (bench/mixed.ts): the four streams instead of entries-first alone. */
  mixed?: MixedResult;
}

/** The mixed-load variant's streams and their share of their own rates (bench/mixed.ts). */
export interface ChatMix {
  chosen: { unit: Unit; rps: number; cpu: number | null }[];
  fraction: number;
}

export const chatEnabled = () => process.env.BENCH_CHAT !== '0';

function chatSeconds(config: BenchConfig): number {
  const raw = process.env.BENCH_CHAT_SECONDS;
  if (raw) {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error('BENCH_CHAT_SECONDS must be an integer ≥ 1');
    return n;
  }
  return config.quick ? 8 : 20;
}

function burstSize(): number {
  const n = Number(process.env.BENCH_CHAT_BURST ?? 8);
  if (!Number.isInteger(n) || n < 1) throw new Error('BENCH_CHAT_BURST must be an integer ≥ 1');
  return n;
}

/** A snowflake-shaped id from a prefix digit and a number (the same people every run). */
const fixedId = (prefix: number, i: number) => `${prefix}${String(i).padStart(17, '0')}`;

interface Sent {
  kind: ChatKind;
  token: string;
  /** Warm-up and drain interactions are not counted. */
  counted: boolean;
  /** Which burst (second) it was sent in. */
  burst: number;
}

export async function measureChatLoad(
  running: RunningBackend,
  config: BenchConfig,
  load: LoadGenerator,
  dbPids: Record<string, number | undefined>,
  log: (m: string) => void = console.log,
  mix?: ChatMix,
): Promise<ChatLoadResult> {
  const name = running.backend.name;
  const seconds = chatSeconds(config);
  const burst = burstSize();
  const size = config.sizes[config.sizes.length - 1]!;
  const board = running.state.boards[size]!;
  const guildId = running.state.owner.replace(/^guild:/, '');
  const ladder = await ladderBoard(running);
  const profiled = profilePlayers(size);
  await seedProfileHistory(running, board.pk, profiled);

  const reporters: FakeMember[] = Array.from({ length: REPORTERS }, (_, i) => ({
    id: fixedId(2, i),
    username: `reporter${i}`,
  }));
  const moderators: FakeMember[] = Array.from({ length: MODERATORS }, (_, i) => ({
    id: fixedId(3, i),
    username: `mod${i}`,
  }));
  const players: FakeMember[] = profiled.map((p, i) => ({
    id: p.slice('chat:'.length),
    username: `player${i}`,
  }));
  const guild: FakeGuild = {
    id: guildId,
    name: 'Bench',
    channels: [
      { id: MOD_CHANNEL, name: 'mod-queue' },
      { id: GENERAL, name: 'general' },
    ],
    roles: [],
    members: [...reporters, ...moderators, ...players],
  };

  const conformance = timeConformance();
  const fake = await FakeDiscord.start({ applicationId: APP, token: TOKEN, guilds: [guild] });
  let server: Pinned | undefined;
  const restore = pinHarness(config.loadCpu);
  try {
    const started = await startChatTally(running, config, fake.apiUrl);
    server = started.server;
    await fake.waitFor(() => fake.commands.get('global'), 60_000, 'command registration');
    log(
      `${name}: chat Tally at ${started.url}, bot connected to the fake Discord (${fake.apiUrl})`,
    );

    const sent: Sent[] = [];
    const reviews = reviewQueue(fake);
    let cursor = 0;
    let profileCursor = 0;
    let modCursor = 0;
    let burstIndex = -1;
    const send = (kind: ChatKind, counted: boolean): void => {
      const reporter = () => reporters[cursor++ % reporters.length]!;
      const inGeneral = { channelId: GENERAL };
      let token: string;
      if (kind === 'review') {
        const review = reviews.next();
        if (!review) return send('leaderboard', counted);
        const mod = moderators[modCursor++ % moderators.length]!;
        token = fake.clickButton({
          messageId: review.messageId,
          customId: review.customId,
          user: mod,
          permissions: MANAGE_SERVER,
        }).token;
      } else if (kind === 'match') {
        const user = reporter();
        const opponent = reporter();
        token = fake.runCommand({
          ...inGeneral,
          user,
          command: ['match', 'report'],
          options: { board: ladder.id, opponents: `<@${opponent.id}>`, result: 'won' },
        }).token;
      } else if (kind === 'profile') {
        const user = players[profileCursor++ % players.length]!;
        token = fake.runCommand({
          ...inGeneral,
          user,
          command: ['profile'],
          options: { board: board.id },
        }).token;
      } else {
        token = fake.runCommand({
          ...inGeneral,
          user: reporter(),
          command: ['leaderboard'],
          options: { board: board.id },
        }).token;
      }
      sent.push({ kind, token, counted, burst: burstIndex });
    };
    const answered = (list: Sent[], timeoutMs: number) =>
      fake
        .waitFor(
          () =>
            list.every((s) => fake.timesOf(s.token)?.callbackStatus !== undefined)
              ? true
              : undefined,
          timeoutMs,
          'callbacks',
        )
        .catch(() => undefined);

    // Warm-up, not counted: the first of each kind compiles schemas in the fake and warms Tally;
    // a review message of the warm-up report (or one left from an earlier run) gets pressed.
    for (const kind of ['leaderboard', 'match', 'profile'] as const) send(kind, false);
    await answered(sent, 10_000);
    await fake
      .waitFor(() => reviews.peek(), 6_000, 'a review message')
      .then(() => send('review', false))
      .catch(() => undefined);
    await answered(sent, 10_000);

    // The API's capacity on this process, then half of it while the bursts run.
    const scenario = tallyScenarios.find((s) => s.name === 'entries-first')!;
    const params = await scenario.prepare({
      board,
      sql: (q, p) => running.dataSource.query(q, p),
      playerId,
    });
    const job = {
      url: started.url,
      headers: { Authorization: `Bearer ${running.state.key.secret}` },
      scenario: scenario.name,
      params,
      connections: config.connections,
    };
    const cores = pinnedCores(config);
    const pids = { server: server.child.pid, fake: process.pid, load: load.pid, ...dbPids };
    await load.closed({ ...job, seconds: config.warmupSeconds });
    const { value: closed, cpu: closedCpu } = await withCpu(pids, cores, () =>
      load.closed({ ...job, seconds: config.seconds }),
    );
    const rate = Math.max(1, Math.round(closed.rps * config.openFraction));
    log(
      `${name}: API entries-first ${size}: ${closed.rps.toFixed(0)} req/s closed loop; ` +
        `${seconds} s of ${burst} interactions/s with reads at ${rate}/s`,
    );

    // The mixed variant: each stream alone on this server first, then all four in the window.
    const planned = mix ? planStreams(mix.chosen, mix.fraction, config) : [];
    const alone = mix ? await aloneRuns(planned, load, config, pids, started.url) : [];
    if (mix)
      log(
        `${name}: mixed load + chat at ${Math.round(mix.fraction * 100)} %: ` +
          planned.map((p) => `${p.unit.scenario} @ ${p.rate}/s`).join(', '),
      );
    const answersBefore = await firstPageAnswers(started.url);

    conformance.reset();
    const windowStart = performance.now();
    const harnessStart = threadCpuMs();
    const { value: streams, cpu } = await withCpu(pids, cores, async () => {
      const reads = mix
        ? runStreams(planned, load, seconds + 1, started.url)
        : load
            .open({ ...job, connections: config.openConnections, seconds: seconds + 1, rate })
            .then((r) => [r]);
      const start = performance.now() + 500;
      for (let b = 0; b < seconds; b++) {
        const wait = start + b * 1000 - performance.now();
        if (wait > 0) await sleep(wait);
        burstIndex = b;
        for (let i = 0; i < burst; i++) send(MIX[i % MIX.length]!, true);
      }
      return reads;
    });
    const firstIndex = mix ? planned.findIndex((p) => p.unit.scenario === 'entries-first') : 0;
    const open = streams[Math.max(0, firstIndex)]!;
    const answers = since(answersBefore, await firstPageAnswers(started.url));
    const conformanceMs = conformance.ms;
    const harnessMs = threadCpuMs() - harnessStart;
    const windowSeconds = (performance.now() - windowStart) / 1000;
    // Every counted interaction is answered, or its window has passed.
    await answered(
      sent.filter((s) => s.counted),
      ACK_WINDOW_MS + 1000,
    );

    // Drain, not counted: approve what is still waiting, so no run leaves reviews behind.
    const drainUntil = performance.now() + 10_000;
    while (performance.now() < drainUntil) {
      while (reviews.peek()) send('review', false);
      if ((await openSubmissions(running, ladder.pk)) === 0) break;
      await sleep(500);
    }
    await answered(sent, 5_000);
    await server.stop();
    server = undefined;

    const counted = sent.filter((s) => s.counted);
    const latencies = (list: Sent[]): ChatLatency => {
      const values: number[] = [];
      let missed = 0;
      let refused = 0;
      for (const s of list) {
        const t = fake.timesOf(s.token);
        const ms = t?.callbackAt === undefined ? Infinity : t.callbackAt - t.sentAt;
        const ok = t?.callbackStatus !== undefined && t.callbackStatus < 300;
        if (!ok || ms > ACK_WINDOW_MS) missed++;
        else if (t?.ephemeral) refused++;
        values.push(ok ? ms : Infinity);
      }
      values.sort((a, b) => a - b);
      const at = (q: number) => values[Math.max(0, Math.ceil(q * values.length) - 1)] ?? NaN;
      return {
        count: list.length,
        p50: at(0.5),
        p95: at(0.95),
        p99: at(0.99),
        max: values[values.length - 1] ?? NaN,
        missed,
        refused,
      };
    };
    const kinds = Object.fromEntries(
      KINDS.map((k) => [k, latencies(counted.filter((s) => s.kind === k))]),
    ) as Record<ChatKind, ChatLatency>;
    const refusals = KINDS.flatMap((k) => {
      const first = counted.find((s) => s.kind === k && fake.timesOf(s.token)?.ephemeral);
      const text = first ? fake.replyOf(first.token)?.content : undefined;
      return text ? [`${k}: ${text}`] : [];
    });
    const slow = counted.filter((s) => {
      const t = fake.timesOf(s.token);
      return t?.callbackAt === undefined || t.callbackAt - t.sentAt > SLOW_MS;
    });
    const reviewed = counted.filter((s) => s.kind === 'review');
    const profiles = counted.filter((s) => s.kind === 'profile');
    const violations = fake.takeViolations();
    return {
      backend: name,
      boardSize: size,
      seconds,
      burst,
      kinds,
      overall: latencies(counted),
      slow: { count: slow.length, bursts: new Set(slow.map((s) => s.burst)).size },
      refusals,
      api: {
        closedRps: closed.rps,
        closedForeign: closedCpu.foreign,
        rate: mix ? (planned[firstIndex]?.rate ?? rate) : rate,
        achievedRps: open.achievedRps,
        p50: open.latency.p50,
        p99: open.latency.p99,
        errors: open.errors,
      },
      cpu: cpu.processes,
      foreign: cpu.foreign,
      harnessCpus: restore.during,
      harnessMs,
      conformanceMs,
      windowSeconds,
      checked: { ...fake.checked },
      violations,
      approved: reviewed.filter((s) => fake.timesOf(s.token)?.callbackType === 6).length,
      charts: profiles.filter((s) => {
        const id = fake.replyOf(s.token)?.id;
        return id !== undefined && fake.filesOf(id).some((f) => f.filename === 'chart.png');
      }).length,
      profiles: profiles.length,
      ...(mix && {
        mixed: mixedResult(
          {
            backend: name,
            variant: `chat ${burst}/s`,
            size,
            fraction: mix.fraction,
            seconds: seconds + 1,
            chat: (({ count, p50, p99, missed }) => ({ count, p50, p99, missed }))(
              latencies(counted),
            ),
          },
          { planned, alone, mixed: streams, cpu, answers },
        ),
      }),
    };
  } finally {
    await server?.stop();
    restore.undo();
    conformance.undo();
    await fake.close().catch(() => undefined); // violations were taken above
  }
}

/** `tally serve` as targets.ts starts it, with the bot connected to the fake Discord. */
function startChatTally(running: RunningBackend, config: BenchConfig, apiUrl: string) {
  return startTally(running.backend, config, [], {
    DISCORD_TOKEN: TOKEN,
    DISCORD_APPLICATION_ID: APP,
    DISCORD_API_URL: apiUrl,
  });
}

/** The reviewed ELO board of the bench's server (moderator channel MOD_CHANNEL), made once. */
async function ladderBoard(running: RunningBackend): Promise<{ id: string; pk: number }> {
  const find = async () =>
    (
      (await running.dataSource.query(
        'SELECT public_id AS id, pk FROM boards WHERE owner_id = ? AND display_name = ? AND moderator_channel_id = ?',
        [running.state.owner, LADDER, MOD_CHANNEL],
      )) as { id: string; pk: number }[]
    )[0];
  const found = await find();
  if (found) return { id: found.id, pk: Number(found.pk) };
  // The use case the CLI and /board create run, as seed.ts does.
  const opened = await openContext(loadConfig({ DATABASE_URL: running.backend.databaseUrl }));
  try {
    const board = await createBoard(opened.ctx, {
      ownerId: running.state.owner,
      type: 'ELO',
      name: LADDER,
      windowHours: 24,
      moderatorChannelId: MOD_CHANNEL,
    });
    return { id: board.id, pk: board.pk };
  } finally {
    await closeContext(opened);
  }
}

/**
 * Players of the largest board whose /profile draws a chart: spread over the board, off the
 * picture players of pictures-load.ts ((k + ½)·size/2000), so neither seeding sees the other's.
 */
function profilePlayers(size: number): string[] {
  const stride = Math.floor(size / PROFILE_PLAYERS);
  const offset = Math.min(7, stride - 1);
  return Array.from({ length: PROFILE_PLAYERS }, (_, k) => playerId(k * stride + offset));
}

/** A series of POINTS values for each player that has none yet (history rows, as results write). */
async function seedProfileHistory(running: RunningBackend, boardPk: number, players: string[]) {
  const ds = running.dataSource;
  const have = new Set(
    (
      (await ds.query(
        `SELECT DISTINCT player_id FROM entry_history WHERE board_pk = ? AND player_id IN (${players.map(() => '?').join(', ')})`,
        [boardPk, ...players],
      )) as { player_id: string }[]
    ).map((r) => r.player_id),
  );
  const missing = players.filter((p) => !have.has(p));
  const mysql = running.backend.name === 'mariadb';
  const start = Date.UTC(2026, 8, 1);
  for (let i = 0; i < missing.length; i += 100) {
    const rows = missing.slice(i, i + 100).flatMap((player, k) =>
      Array.from({ length: POINTS }, (_, p) => {
        const at = new Date(start + p * 86_400_000);
        return [
          boardPk,
          player,
          mysql ? at : at.toISOString().replace('T', ' ').replace('Z', ''),
          2000 + ((i + k) % 89) * p,
          p === 0 ? null : (i + k) % 89,
          'score',
          null,
          'bench chat series',
        ];
      }),
    );
    await ds.query(
      `INSERT INTO entry_history (board_pk, player_id, at, value, delta, kind, ref, cause)
         VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      rows.flat(),
    );
  }
}

/** Reports of the ladder not yet decided (queued or waiting for review). */
async function openSubmissions(running: RunningBackend, boardPk: number): Promise<number> {
  const rows = (await running.dataSource.query(
    "SELECT COUNT(*) AS n FROM submissions WHERE board_pk = ? AND status IN ('queued', 'pending_review')",
    [boardPk],
  )) as { n: number | string }[];
  return Number(rows[0]?.n ?? 0);
}

/** Review messages the bot posted in the moderator channel, each handed out once for Approve. */
function reviewQueue(fake: FakeDiscord) {
  const seen = new Set<string>();
  const waiting: { messageId: string; customId: string }[] = [];
  const approveOf = (m: APIMessage) => {
    for (const row of m.components ?? []) {
      if (!('components' in row)) continue;
      for (const c of row.components) {
        if ('custom_id' in c && c.custom_id.startsWith('review:approve:')) return c.custom_id;
      }
    }
    return undefined;
  };
  const collect = () => {
    for (const [id, m] of fake.messages) {
      if (seen.has(id) || m.channel_id !== MOD_CHANNEL) continue;
      const customId = approveOf(m);
      if (!customId) continue;
      seen.add(id);
      waiting.push({ messageId: id, customId });
    }
  };
  return {
    peek() {
      collect();
      return waiting[0];
    },
    next() {
      collect();
      return waiting.shift();
    },
  };
}

/**
 * Pins this process (every thread) to the load core for the scenario, so the fake Discord in it
 * shares the client's core and never the server's; undone after. Reports the cores it ran on.
 */
function pinHarness(cpu: string): { during: string; undo(): void } {
  const list = () =>
    execFileSync('taskset', ['-c', '-p', String(process.pid)], { encoding: 'utf8' })
      .split(':')
      .pop()!
      .trim();
  try {
    const before = list();
    execFileSync('taskset', ['-a', '-c', '-p', cpu, String(process.pid)], { stdio: 'ignore' });
    const during = list();
    return {
      during: `${during} (was ${before})`,
      undo: () => {
        try {
          execFileSync('taskset', ['-a', '-c', '-p', before, String(process.pid)], {
            stdio: 'ignore',
          });
        } catch {
          // left pinned: the harness only waits from here on
        }
      },
    };
  } catch {
    return { during: 'unknown (taskset failed)', undo: () => undefined };
  }
}

/** CPU time (ms) of this thread (the process's, on a Node without threadCpuUsage). */
function threadCpuMs(): number {
  const usage =
    (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ??
    process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * The CPU time this thread spends in the fake's conformance checks (Discord's schemas and limits
 * on every request, answer and dispatch), by wrapping Conformance's three entry points.
 */
function timeConformance() {
  const proto = Conformance.prototype as unknown as Record<
    'request' | 'answer' | 'dispatch',
    (...args: unknown[]) => unknown
  >;
  const originals = { request: proto.request, answer: proto.answer, dispatch: proto.dispatch };
  let ms = 0;
  for (const key of ['request', 'answer', 'dispatch'] as const) {
    const original = originals[key];
    proto[key] = function (this: unknown, ...args: unknown[]) {
      const t = threadCpuMs();
      try {
        return original.apply(this, args);
      } finally {
        ms += threadCpuMs() - t;
      }
    };
  }
  return {
    get ms() {
      return ms;
    },
    reset() {
      ms = 0;
    },
    undo() {
      Object.assign(proto, originals);
    },
  };
}

/** Each distinct line with how often it occurs, in order of first occurrence. */
function counts(lines: string[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const line of lines) seen.set(line, (seen.get(line) ?? 0) + 1);
  return seen;
}

/** Missed interactions count as Infinity in the percentiles: such a percentile reads `missed`. */
const f = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(1) : 'missed');
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : 'missed');
const pct = (x: number | null | undefined) => (x == null ? '-' : `${Math.round(x * 100)}%`);

export function chatLoadLines(r: ChatLoadResult): string {
  const row = (label: string, l: ChatLatency) =>
    `${label.padEnd(20)} ${String(l.count).padStart(5)} ${f(l.p50).padStart(8)} ${f(l.p95).padStart(8)} ` +
    `${f(l.p99).padStart(8)} ${f(l.max).padStart(8)} ${String(l.missed).padStart(7)} ${String(l.refused).padStart(8)}`;
  const cpu = Object.entries(r.cpu)
    .map(([k, v]) => `${k === 'fake' ? 'fake Discord (harness)' : k} ${pct(v)}`)
    .join(', ');
  const lines = [
    `\n== chat under load (${r.backend}): ${r.seconds} s, a burst of ${r.burst} interactions every second through the fake Discord's gateway; /leaderboard and /profile on the ${r.boardSize}-entry board ==`,
    `first callback after INTERACTION_CREATE (ms; missed = no accepted callback within ${ACK_WINDOW_MS / 1000} s)`,
    `${'kind'.padEnd(20)} ${'n'.padStart(5)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)} ${'missed'.padStart(7)} ${'refused'.padStart(8)}`,
    ...KINDS.map((k) => row(KIND_LABEL[k], r.kinds[k])),
    row('all', r.overall),
    `answered after ${SLOW_MS} ms or missed: ${r.slow.count} of ${r.overall.count}, in ${r.slow.bursts} of ${r.seconds} bursts`,
    `follow-through: ${r.approved} of ${r.kinds.review.count} presses approved (deferred update); ${r.charts} of ${r.profiles} profiles carry chart.png`,
    ...r.refusals.map((line) => `refused, e.g. ${line}`),
    `API reads meanwhile (entries-first ${r.boardSize}): ${r.api.closedRps.toFixed(0)} req/s closed loop before (foreign ${r.api.closedForeign === null ? '-' : r.api.closedForeign.toFixed(2)}); open loop at ${r.api.rate}/s achieved ${r.api.achievedRps.toFixed(0)}/s, p50 ${r.api.p50.toFixed(2)} ms, p99 ${r.api.p99.toFixed(2)} ms, ${r.api.errors} errors`,
    `CPU (share of one core, during the reads): ${cpu}; foreign ${r.foreign === null ? '-' : r.foreign.toFixed(2)} cores`,
    `fake Discord: this harness on CPU ${r.harnessCpus}; its main thread used ${r.harnessMs.toFixed(0)} ms of CPU in the ${r.windowSeconds.toFixed(1)} s window, conformance checks ${r.conformanceMs.toFixed(0)} ms of it` +
      (r.harnessMs > 0 ? ` (${((r.conformanceMs / r.harnessMs) * 100).toFixed(0)}%)` : '') +
      `; checked ${r.checked.requests} requests, ${r.checked.responses} answers, ${r.checked.dispatches} dispatches; ${r.violations.length} violation(s)`,
    ...[...counts(r.violations)].map(([v, n]) => `  violation${n > 1 ? ` ×${n}` : ''}: ${v}`),
  ];
  return lines.join('\n');
}

export function chatLoadChecks(r: ChatLoadResult): TargetCheck[] {
  const o = r.overall;
  return [
    {
      backend: r.backend,
      target: `chat under load (${r.burst}/s + API reads at ${r.api.rate}/s): first-callback p99 ≤ 300 ms, none missed`,
      measured: `p99 ${ms(o.p99)} (p50 ${ms(o.p50)}, max ${ms(o.max)}) over ${o.count} interactions, ${o.missed} missed; reads ${r.api.achievedRps.toFixed(0)}/s p99 ${r.api.p99.toFixed(1)} ms; server CPU ${pct(r.cpu.server)}, foreign ${r.foreign === null ? '-' : r.foreign.toFixed(2)}`,
      met: o.p99 <= 300 && o.missed === 0,
      noise: noiseOf(r.foreign, r.api.closedForeign),
    },
    {
      backend: r.backend,
      target: 'chat under load: nothing Discord would refuse (fake Discord violations)',
      measured: `${r.violations.length} violation(s) in ${r.checked.requests} requests`,
      met: r.violations.length === 0,
      noise: noiseOf(r.foreign),
    },
  ];
}

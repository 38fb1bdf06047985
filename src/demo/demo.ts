import type { Board } from '../../entities/board';
import type { Owner } from '../../entities/owner';
import type { Submission } from '../../entities/submission';
import { boardUrl, ownerIndexUrl } from '../domain/board-url';
import { OfflineChat } from '../pipeline/chat-port';
import type { ParticipantRef } from '../domain/participants';
import { formatHandle, ownerKind } from '../domain/ids';
import { parseMatchWrite, parseScoreWrite } from '../domain/write-request';
import { createBoard, type BoardInput } from '../pipeline/boards';
import type { Context } from '../pipeline/context';
import { enqueueWrite } from '../pipeline/enqueue';
import { mintKey, listKeys, revokeKey, type KeySummary } from '../pipeline/keys';
import { boardsAfter } from '../pipeline/board-reads';
import { matchesPage } from '../pipeline/match-reads';
import { addOwner, anyOwner, findOwner, setOwnerAccess } from '../pipeline/owners';
import { submissionByHandle } from '../pipeline/submission-view';
import { processSubmission } from '../pipeline/process';
import { review, type Decision } from '../pipeline/review';
import { DEMO_MEMBERS, DEMO_MEMBER_NAMES, NAMES } from './community';
import { contestIsEmpty, seedContest } from './contest';
import { bell, below, seeded, shuffled, type Rng } from './random';

/**
 * `tally demo` (DESIGN.md 4): a demo owner with one board of every type, players and history
 * written through the real pipeline (enqueue, process, review), a running contest on the Rating
 * board (./contest.ts), and two fresh keys. History is seeded pseudo-randomly from fixed seeds, so
 * every fresh database gets the same standings.
 */
export const DEMO_OWNER = 'guild:804615273910462851';
const DEMO_NAME = 'Tally Demo';
const KEY_LABEL = 'demo'; // every key whose label starts with this is the demo's to rotate
const HISTORY_DAYS = 21; // inside the 30-day handle lifetime (DESIGN.md 3)
const PENDING = 3;
const DAY_MS = 86_400_000;

/**
 * The offline adapter, with the demo members' names: without Discord a member reads as
 * "member <id>", which is no way to show a demo.
 */
class DemoChat extends OfflineChat {
  override resolveNames(ownerId: string, refs: ParticipantRef[], known: Map<string, string>) {
    const named = new Map(known);
    DEMO_MEMBERS.forEach((id, i) => named.set(`chat:${id}`, DEMO_MEMBER_NAMES[i]!));
    return super.resolveNames(ownerId, refs, named);
  }
}

type Body = Record<string, unknown>;
/** A write of the history; `decision` is the moderator's on a board with a window, else pending. */
interface Planned {
  body: Body;
  decision?: Decision;
}
/**
 * `n` participants of one board: the chat members and custom players with realistic names, drawn
 * from one community of 150, so the same people turn up on several boards.
 */
function roster(rng: Rng, n: number): Body[] {
  const custom = shuffled(rng, NAMES.slice(0, 150)).slice(0, n - DEMO_MEMBERS.length);
  return shuffled(rng, [
    ...DEMO_MEMBERS.map((chat_id) => ({ chat_id })),
    ...custom.map((name) => ({ name, custom: true })),
  ]);
}

/**
 * Distinct players for a game, the busier ones more often (activity weights 0.3–1.3), or, for a
 * league, everyone about as often: a league table ranks by points, which follow the number of
 * games played as much as the results, so a fixture list plays everyone alike.
 */
function pairings(rng: Rng, n: number, even = false) {
  const weights = Array.from({ length: n }, () => (even ? 1 : 0.3 + rng() ** 2));
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = () => {
    let r = rng() * total;
    return Math.max(
      0,
      weights.findIndex((w) => (r -= w) < 0),
    );
  };
  return (count: number): number[] => {
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(pick());
    return shuffled(rng, [...chosen]);
  };
}

function ladder(rng: Rng, players: number, matches: number): Planned[] {
  const field = roster(rng, players);
  const skill = field.map(() => 600 + 800 * bell(rng));
  const draw = pairings(rng, players);
  return Array.from({ length: matches }, () => {
    const [a = 0, b = 1] = draw(2);
    const p1 = 1 / (1 + 10 ** ((skill[b]! - skill[a]!) / 400));
    const r = rng();
    const winner = r < 0.06 ? 'draw' : r < 0.06 + 0.94 * p1 ? 'team1' : 'team2';
    return { body: { team1: [field[a]], team2: [field[b]], winner } };
  });
}

function league(rng: Rng, players: number, matches: number): Planned[] {
  const field = roster(rng, players);
  // A wide spread of strength, so the table's top has won more than it lost.
  const skill = field.map(() => rng());
  const draw = pairings(rng, players, true);
  const goals = (edge: number) =>
    Array.from({ length: 6 }, () => rng() < 0.16 + 0.5 * edge).filter(Boolean).length;
  return Array.from({ length: matches }, () => {
    const [a = 0, b = 1, c = 2, d = 3] = draw(4);
    const edge = (skill[a]! + skill[b]! - skill[c]! - skill[d]!) / 2;
    return {
      body: {
        team1: [field[a], field[b]],
        team2: [field[c], field[d]],
        team1_score: goals(Math.max(0, edge)),
        team2_score: goals(Math.max(0, -edge)),
      },
    };
  });
}

function triviaNights(rng: Rng, players: number, nights: number): Planned[] {
  const field = roster(rng, players);
  const skill = field.map(() => bell(rng));
  return Array.from({ length: nights }, () =>
    shuffled(rng, [...field.keys()])
      .slice(0, 18 + below(rng, 10))
      .map((i) => ({
        body: { player: field[i], score: Math.round(4 + 26 * skill[i]! * (0.6 + 0.4 * rng())) },
      })),
  ).flat();
}

/** Each player tries 1 to `tries` times; keep_highest or keep_lowest decides what counts. */
function attempts(
  rng: Rng,
  players: number,
  tries: number,
  value: (skill: number, rng: Rng) => number,
): Planned[] {
  const all = roster(rng, players).flatMap((player) => {
    const skill = bell(rng);
    return Array.from({ length: 1 + below(rng, tries) }, () => ({
      body: { player, score: value(skill, rng) },
    }));
  });
  return shuffled(rng, all);
}

/** A moderated ladder: approved and declined history, then a few left for a moderator. */
function moderated(rng: Rng): Planned[] {
  return ladder(rng, 10, 12 + PENDING).map((planned, i) =>
    i >= 12 ? planned : { ...planned, decision: i % 5 === 4 ? 'decline' : 'approve' },
  );
}

interface Plan {
  input: Omit<BoardInput, 'ownerId'> & { name: string };
  history: (rng: Rng) => Planned[];
}

/** One board of every type, plus one with a validation window; matched on name on a re-run. */
const PLANS: Plan[] = [
  {
    input: { name: 'Chess Ladder', type: 'ELO', windowHours: 0 },
    history: (r) => ladder(r, 60, 300),
  },
  {
    input: { name: '2v2 Football League', type: 'League', teamSize: 2, windowHours: 0 },
    history: (r) => league(r, 20, 60),
  },
  {
    input: { name: 'Trivia Night Points', type: 'Classic', windowHours: 0 },
    history: (r) => triviaNights(r, 80, 8),
  },
  {
    input: { name: 'Arcade High Scores', type: 'Highscore', windowHours: 0 },
    history: (r) =>
      attempts(r, 120, 2, (s, rr) => Math.round(5_000 + 900_000 * s * s * (0.55 + 0.45 * rr()))),
  },
  {
    input: { name: 'Speedrun Any%', type: 'Time', windowHours: 0 },
    history: (r) =>
      attempts(r, 70, 3, (s, rr) => Math.round((60_000 + 300_000 * (1 - s)) * (1 + 0.3 * rr()))),
  },
  { input: { name: 'Community Rating', type: 'Rating' }, history: () => [] },
  {
    input: { name: 'Table Tennis (moderated)', type: 'ELO', windowHours: 24 },
    history: moderated,
  },
];
const MODERATED = PLANS.length - 1;
const CONTEST = PLANS.findIndex((p) => p.input.type === 'Rating');

export interface DemoKey extends KeySummary {
  secret: string;
  access: 'read-write' | 'read';
}

export interface Demo {
  owner: Owner;
  /** In PLANS order; boards found by name on a re-run are reused, not duplicated. */
  boards: Board[];
  keys: [DemoKey, DemoKey];
  /** Handles waiting for a moderator on the board with a validation window. */
  pending: string[];
}

/**
 * Writes a board's history through the pipeline as if submitted over the weeks since `from`
 * (submitted_at, last_sub): enqueue it all, process it in order, then the moderator decisions.
 * Processed with the worker's own step, not Worker.runOnce, which would also work other owners'
 * queues from this process with the offline chat adapter.
 */
async function writeHistory(ctx: Context, board: Board, planned: Planned[], from: Date) {
  const span = ctx.now().getTime() - from.getTime();
  const shape = { ...board, ownerKind: ownerKind(board.ownerId) };
  const parse = board.type === 'ELO' || board.type === 'League' ? parseMatchWrite : parseScoreWrite;
  const queued: { submission: Submission; decision?: Decision }[] = [];
  for (const [i, { body, decision }] of planned.entries()) {
    const at = new Date(from.getTime() + (span * (i + 0.5)) / planned.length);
    // Mostly slash commands of the chat members, every fourth through the API (DESIGN.md 3).
    const by = i % 4 === 3 ? 'api' : `chat:${DEMO_MEMBERS[i % DEMO_MEMBERS.length]}`;
    const clocked = { ...ctx, now: () => at };
    const { submission } = await enqueueWrite(clocked, board, parse(body, shape), by);
    queued.push({ submission, decision });
  }
  const chat = new DemoChat();
  // 'busy' or 'gone': a running server's worker has the board and processes the row itself.
  // Each decision follows its own submission, as a moderator keeps up: the next submission's
  // rating snapshot (spec 1.6) then sees the results approved before it.
  for (const { submission, decision } of queued) {
    await processSubmission(ctx, chat, submission);
    if (!decision) continue;
    await untilProcessed(ctx, submission.id);
    await review(ctx, formatHandle(submission.id), decision, 'demo', 'operator');
  }
}

/** Waits out a running server's worker that took the row instead of this process. */
async function untilProcessed(ctx: Context, id: number): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const { status } = await submissionByHandle(ctx, DEMO_OWNER, formatHandle(id));
    if (status !== 'queued') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`demo: ${formatHandle(id)} is still queued`);
}

async function pendingHandles(ctx: Context, board: Board): Promise<string[]> {
  const { matches } = await matchesPage(ctx, board, { status: 'pending', limit: 50 });
  return matches.flatMap((m) => (m.submissionId === null ? [] : [formatHandle(m.submissionId)]));
}

async function ensureOwner(ctx: Context): Promise<Owner> {
  const owner = (await findOwner(ctx, DEMO_OWNER)) ?? (await addOwner(ctx, DEMO_OWNER, DEMO_NAME));
  // Under API_ACCESS=approval (or after a withdrawal) the operator asking for demo keys grants them.
  if (owner.apiAccess === 'open') return owner;
  return (await setOwnerAccess(ctx, DEMO_OWNER, 'open')).owner;
}

/** Revokes the previous demo keys first, so re-runs never reach the 10-key limit (spec 5.6). */
async function rotateKeys(ctx: Context): Promise<[DemoKey, DemoKey]> {
  for (const key of await listKeys(ctx, DEMO_OWNER)) {
    if (key.revoked_at === null && key.label.startsWith(KEY_LABEL))
      await revokeKey(ctx, key.id, { ownerId: DEMO_OWNER }, 'demo');
  }
  const mint = async (access: DemoKey['access']) => ({
    ...(await mintKey(ctx, {
      ownerId: DEMO_OWNER,
      type: 'live',
      access,
      label: `${KEY_LABEL} ${access}`,
      by: 'demo',
    })),
    access,
  });
  return [await mint('read-write'), await mint('read')];
}

/**
 * Creates what is missing of the demo (a re-run duplicates nothing), puts fresh submissions up for
 * review when the old ones were decided or expired, seeds the contest again when it has no live
 * entry left (a round ended, or a demo from before contests), and mints two fresh keys. `onlyIfEmpty`
 * (serve --demo) does nothing, and returns null, on a database that has any owner at all.
 */
export function seedDemo(ctx: Context, options: { onlyIfEmpty: true }): Promise<Demo | null>;
export function seedDemo(ctx: Context, options?: { onlyIfEmpty?: false }): Promise<Demo>;
export async function seedDemo(
  ctx: Context,
  options: { onlyIfEmpty?: boolean } = {},
): Promise<Demo | null> {
  if (options.onlyIfEmpty && (await anyOwner(ctx))) return null;
  const owner = await ensureOwner(ctx);
  const existing = (await boardsAfter(ctx, DEMO_OWNER, 0, 200)).items;
  const from = new Date(ctx.now().getTime() - HISTORY_DAYS * DAY_MS);
  const boards: Board[] = [];
  const fresh: number[] = [];
  for (const [i, plan] of PLANS.entries()) {
    let board = existing.find((b) => b.displayName === plan.input.name);
    if (!board) {
      board = await createBoard(
        { ...ctx, now: () => from },
        { ...plan.input, ownerId: DEMO_OWNER },
      );
      fresh.push(i);
    }
    boards.push(board);
  }
  // The contest runs beside the other boards' history: its pictures are drawn and taken in by
  // sharp in threads of its own, while history keeps this thread busy.
  const rating = boards[CONTEST]!;
  const contest = (await contestIsEmpty(ctx, rating)) ? seedContest(ctx, rating) : undefined;
  const histories = (async () => {
    for (const i of fresh) {
      await writeHistory(ctx, boards[i]!, PLANS[i]!.history(seeded(100 + i)), from);
    }
  })();
  for (const done of await Promise.allSettled([histories, contest])) {
    if (done.status === 'rejected') throw done.reason;
  }
  const moderatedBoard = boards[MODERATED]!;
  // Pending submissions are decided or expire with the window: a re-run tops them up.
  const missing = PENDING - (await pendingHandles(ctx, moderatedBoard)).length;
  if (missing > 0) {
    const fresh = moderated(seeded(ctx.now().getTime())).filter((p) => !p.decision);
    await writeHistory(ctx, moderatedBoard, fresh.slice(-missing), ctx.now());
  }
  const keys = await rotateKeys(ctx);
  return { owner, boards, keys, pending: await pendingHandles(ctx, moderatedBoard) };
}

/** What `tally demo --json` prints: one object. */
export function demoJson(demo: Demo, publicUrl: string) {
  return {
    owner: demo.owner.id,
    keys: demo.keys.map((k) => ({ id: k.id, secret: k.secret, access: k.access })),
    boards: demo.boards.map((b) => ({
      id: b.id,
      type: b.type,
      name: b.displayName,
      url: boardUrl(publicUrl, b),
    })),
    pending: demo.pending,
  };
}

/** The keys, the boards and ready-to-paste curl lines for a newcomer. */
export function demoGuide(demo: Demo, publicUrl: string): string {
  const [rw, read] = demo.keys;
  const api = `${publicUrl}/v1`;
  const byType = (type: Board['type']) => demo.boards.find((b) => b.type === type)!.id;
  const [elo, arcade] = [
    encodeURIComponent(byType('ELO')),
    encodeURIComponent(byType('Highscore')),
  ];
  const auth = (k: DemoKey) => `-H 'Authorization: Bearer ${k.secret}'`;
  const handle = demo.pending[0];
  const lines = [
    `Demo owner ${demo.owner.id} "${demo.owner.name}": ${demo.boards.length} boards.`,
    '',
    'Keys (shown once; `tally demo` again revokes them and mints new ones):',
    `  read-write  ${rw.id}  ${rw.secret}`,
    `  read only   ${read.id}  ${read.secret}`,
    '',
    `Boards (public pages, no key; every board of the server: ${ownerIndexUrl(publicUrl, demo.owner.id)}):`,
    ...demo.boards.map(
      (b) =>
        `  ${b.id.padEnd(10)} ${b.type.padEnd(9)} ${b.displayName.padEnd(26)} ${boardUrl(publicUrl, b)}`,
    ),
    '',
    'Try, while the server runs:',
    '  # every board of the demo owner',
    `  curl -s ${api}/boards ${auth(read)}`,
    '  # the arcade standings, 50 a page; pass next_cursor as ?cursor= for the next page',
    `  curl -s '${api}/boards/${arcade}/entries?limit=50' ${auth(read)}`,
    '  # one player and their live rank (a chat member by bare id; custom:<name> URL-encoded works too)',
    `  curl -s ${api}/boards/${arcade}/entries/${DEMO_MEMBERS[0]} ${auth(read)}`,
    '  # the latest chess games, each player with the rating held when it was played',
    `  curl -s '${api}/boards/${elo}/matches?limit=5' ${auth(read)}`,
    '  # submit a score; paste it twice and the second answer is a replay (Idempotent-Replayed)',
    `  curl -si -X POST ${api}/boards/${arcade}/scores ${auth(rw)} -H 'Content-Type: application/json' -H 'Idempotency-Key: demo-1' -d '{"player":{"name":"You","custom":true},"score":424242}'`,
  ];
  if (handle) {
    lines.push(
      `  # submissions waiting for a moderator: ${demo.pending.join(', ')}`,
      `  npx tally review list ${demo.owner.id}`,
      `  curl -s ${api}/submissions/${handle} ${auth(read)}`,
      `  npx tally review approve ${handle}`,
    );
  }
  return lines.join('\n');
}

import type { Board } from '../../entities/board';
import { drawnPicture } from '../pipeline/contest-art';
import { contestStandings, setContest, submitEntry, voteOnEntry } from '../pipeline/contests';
import type { Context } from '../pipeline/context';
import { SCENES } from './art';
import { chatMembers, type Member } from './community';
import { between, seeded, shuffled, type Rng } from './random';

/**
 * The demo's contest on its Rating board (README "Contests"): a dozen generated pictures by the
 * server's members, submitted over the last two weeks through the members' own use case, and
 * rated 1–10 by the others. The votes are fixed histograms, so the ranking tells the story the
 * damped average is for: a broadly liked entry leads, a split one sinks, one with three top votes
 * has the best plain average and still ranks below the well-supported, and yesterday's entry is
 * unranked under the minimum votes.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Members of the server who take part: enough for 20 votes on one entry besides its author's. */
const COMMUNITY = chatMembers(24);
const SETTINGS = { entriesPerMember: 2, minVotes: 3, submissionsOpenDays: 5, votingOpenDays: 12 };

/** Votes of each value an entry gets, value → count. */
type Histogram = Readonly<Record<number, number>>;

interface PlannedEntry {
  title: string;
  /** Index into COMMUNITY: the first three are the demo's chat members. */
  author: number;
  scene: keyof typeof SCENES;
  daysAgo: number;
  votes: Histogram;
}

const planned = (
  title: string,
  author: number,
  scene: keyof typeof SCENES,
  daysAgo: number,
  votes: Histogram,
): PlannedEntry => ({ title, author, scene, daysAgo, votes });

/** Title, author, picture, submitted days ago, votes. */
export const DEMO_ENTRIES: readonly PlannedEntry[] = [
  planned('Sunset over the harbour', 0, 'harbourSunset', 16, { 10: 5, 9: 8, 8: 5, 7: 2 }),
  planned('Pixel castle', 1, 'pixelCastle', 15, { 10: 3, 9: 5, 8: 6, 7: 2, 6: 1 }),
  planned('Alpine lake at dawn', 3, 'alpineLake', 14, { 9: 4, 8: 7, 7: 4, 6: 1 }),
  // Loved or loathed: the split that sinks.
  planned('Bauhaus no. 7', 2, 'bauhaus', 13, { 10: 4, 9: 3, 3: 3, 2: 3, 1: 1 }),
  planned('The city never sleeps', 4, 'nightCity', 12, { 9: 2, 8: 5, 7: 5, 6: 2 }),
  planned('Forest in the fog', 5, 'foggyForest', 11, { 8: 3, 7: 5, 6: 3, 5: 1 }),
  planned('Tidal lines', 0, 'tidalLines', 10, { 7: 2, 6: 4, 5: 3, 4: 1 }),
  planned('Mushroom cottage', 1, 'mushroomCottage', 9, { 9: 2, 8: 4, 7: 4, 6: 2 }),
  planned('Dunes at noon', 6, 'desertDunes', 7, { 7: 2, 6: 3, 5: 2, 4: 1 }),
  // Three top votes: the best plain average, held below the well-supported by the damping.
  planned('Stained glass', 7, 'stainedGlass', 5, { 10: 2, 9: 1 }),
  planned('A small star system', 3, 'orbits', 4, { 8: 2, 7: 3, 6: 3, 5: 1 }),
  // Yesterday's: under the minimum votes, unranked.
  planned('Voxel tower', 8, 'voxelTower', 1, { 9: 1, 8: 1 }),
];

/** Pictures drawn at once: the machine's two cores (sharp draws in threads of its own). */
const LANES = 2;

/**
 * Each entry's picture as PNG, `LANES` at a time, each a promise of its own so the first can be
 * taken in while the others are drawn. Each is handled at once: a failure waits for its turn to
 * be awaited instead of ending the process as an unhandled rejection.
 */
function drawPictures(): Promise<Uint8Array>[] {
  const pictures: Promise<Uint8Array>[] = [];
  DEMO_ENTRIES.forEach((entry, i) => {
    const turn = (pictures[i - LANES] ?? Promise.resolve()).catch(() => undefined);
    const picture = turn.then(() => drawnPicture(SCENES[entry.scene](seeded(300 + i)).svg));
    picture.catch(() => undefined);
    pictures.push(picture);
  });
  return pictures;
}

/** Whether the board's contest needs seeding: a new board, or one with no live entry left. */
export async function contestIsEmpty(ctx: Context, board: Board): Promise<boolean> {
  return (await contestStandings(ctx, board)).entries.length === 0;
}

interface Vote {
  at: number;
  voterId: string;
  value: number;
}

/** An entry's votes: its histogram, cast by others of the community at times after it. */
function votesOn(rng: Rng, planned: PlannedEntry, author: Member, at: number, now: number) {
  const values = Object.entries(planned.votes).flatMap(([value, count]) =>
    Array<number>(count).fill(Number(value)),
  );
  const voters = shuffled(
    rng,
    COMMUNITY.filter((m) => m !== author),
  );
  return shuffled(rng, values)
    .map((value, v) => ({
      at: between(rng, at + HOUR_MS, now - HOUR_MS),
      voterId: voters[v]!.id,
      value,
    }))
    .sort((a, b) => a.at - b.at);
}

async function castVotes(ctx: Context, board: Board, entryPk: number, votes: readonly Vote[]) {
  for (const { at, voterId, value } of votes) {
    const clocked = { ...ctx, now: () => new Date(at) };
    await voteOnEntry(clocked, { ownerId: board.ownerId, entryPk, voterId, value });
  }
}

/**
 * Opens the contest (submissions for a few more days, voting longer), then submits the entries
 * as their authors at their times, in order (so their numbers follow their times), while the
 * pictures are drawn and the submitted entries' votes are cast: sharp's work (drawing, intake)
 * runs in its threads beside the writes, and on MariaDB the votes' commits overlap.
 */
export async function seedContest(ctx: Context, board: Board): Promise<void> {
  const pictures = drawPictures();
  const now = ctx.now().getTime();
  const start = now - (DEMO_ENTRIES[0]!.daysAgo + 1) * DAY_MS;
  await setContest(
    { ...ctx, now: () => new Date(start) },
    board.ownerId,
    board.id,
    {
      entriesPerMember: SETTINGS.entriesPerMember,
      minVotes: SETTINGS.minVotes,
      approval: false,
      submissions: new Date(now + SETTINGS.submissionsOpenDays * DAY_MS),
      voting: new Date(now + SETTINGS.votingOpenDays * DAY_MS),
    },
    'demo',
  );
  const rng = seeded(2600);
  // Each entry's votes are cast while the next entries are submitted; entries are independent.
  const voting: Promise<void>[] = [];
  try {
    for (const [i, planned] of DEMO_ENTRIES.entries()) {
      const at = now - planned.daysAgo * DAY_MS + between(rng, -6, 6) * HOUR_MS;
      const author = COMMUNITY[planned.author]!;
      const votes = votesOn(rng, planned, author, at, now);
      const { entry } = await submitEntry(
        { ...ctx, now: () => new Date(at) },
        {
          ownerId: board.ownerId,
          boardId: board.id,
          authorId: author.id,
          authorName: author.name,
          title: planned.title,
          bytes: await pictures[i]!,
        },
      );
      const cast = castVotes(ctx, board, entry.pk, votes);
      cast.catch(() => undefined);
      voting.push(cast);
    }
  } finally {
    // Nothing of the contest runs on after this returns, whichever way it ends.
    await Promise.allSettled(voting);
  }
  await Promise.all(voting);
}

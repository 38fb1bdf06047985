import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { sniffImage } from '../../src/render/intake';
import { DEMO_ENTRIES, seedContest } from '../../src/demo/contest';
import {
  contestStandings,
  entryDetail,
  storedImage,
  type ContestStandings,
} from '../../src/pipeline/contests';
import { backendName } from '../support/backends';
import { startPipeline, type TestPipeline } from '../support/pipeline';

/**
 * The demo's contest (src/demo/contest.ts) on a Rating board of its own: a dozen live entries by
 * the server's members, each with its pictures stored, and votes whose ranking shows what the
 * damped average is for.
 */
describe(`the demo's contest (${backendName})`, () => {
  let p: TestPipeline;
  let board: Board;
  let standings: ContestStandings;
  const byTitle = (title: string) => standings.entries.find((e) => e.title === title)!;

  beforeAll(async () => {
    p = await startPipeline();
    board = await p.board({ type: 'Rating', name: 'Community Rating' });
    await seedContest(p.ctx, board);
    standings = await contestStandings(p.ctx, board);
  }, 120_000);
  afterAll(() => p?.close());

  it('GIVEN a seeded contest THEN it takes entries and votes for days yet, two entries a member, three votes to rank', () => {
    const { settings } = standings;
    const now = p.ctx.now().getTime();
    expect(settings).toMatchObject({ entriesPerMember: 2, minVotes: 3, approval: false });
    expect(settings.submissionsUntil!.getTime()).toBeGreaterThan(now);
    expect(settings.votingUntil!.getTime()).toBeGreaterThan(settings.submissionsUntil!.getTime());
  });

  it('GIVEN a seeded contest THEN a dozen live entries by members, none over the cap, submitted in the past', () => {
    const { entries } = standings;
    expect(entries).toHaveLength(DEMO_ENTRIES.length);
    expect(entries.length).toBeGreaterThanOrEqual(10);
    expect(new Set(entries.map((e) => e.title))).toEqual(new Set(DEMO_ENTRIES.map((e) => e.title)));
    for (const e of entries) {
      expect(e.status).toBe('live');
      expect(e.authorId).toMatch(/^chat:\d{17,20}$/);
      expect(e.authorName).not.toMatch(/^member /);
      expect(e.createdAt.getTime()).toBeLessThan(p.ctx.now().getTime());
    }
    const perAuthor = new Map<string, number>();
    for (const e of entries) perAuthor.set(e.authorId, (perAuthor.get(e.authorId) ?? 0) + 1);
    expect(Math.max(...perAuthor.values())).toBe(2);
  });

  it('GIVEN a seeded contest THEN every vote planned is counted, and none is an author on their own entry', async () => {
    const planned = (votes: Readonly<Record<number, number>>) =>
      Object.entries(votes).reduce(
        (sum, [value, count]) => ({
          votes: sum.votes + count,
          voteSum: sum.voteSum + Number(value) * count,
        }),
        { votes: 0, voteSum: 0 },
      );
    for (const plan of DEMO_ENTRIES) {
      const entry = byTitle(plan.title);
      expect({ votes: entry.votes, voteSum: entry.voteSum }, plan.title).toEqual(
        planned(plan.votes),
      );
      const detail = await entryDetail(p.ctx, board, entry.pk);
      expect(detail!.distribution.reduce((a, b) => a + b, 0)).toBe(entry.votes);
    }
    // The split entry has votes at both ends of the scale.
    const split = await entryDetail(p.ctx, board, byTitle('Bauhaus no. 7').pk);
    expect(split!.distribution.slice(0, 3).some(Boolean)).toBe(true);
    expect(split!.distribution.slice(8).some(Boolean)).toBe(true);
  });

  it('GIVEN three top votes THEN the best plain average ranks below well-supported entries with lower averages', () => {
    const { entries } = standings;
    const ranked = entries.filter((e) => e.rank !== null);
    const lone = byTitle('Stained glass');
    expect(lone.votes).toBe(3);
    expect(lone.average).toBe(Math.max(...ranked.map((e) => e.average!)));
    expect(lone.rank).toBeGreaterThan(1);
    const above = ranked.filter((e) => e.rank! < lone.rank!);
    expect(above.length).toBeGreaterThanOrEqual(2);
    for (const e of above) {
      expect(e.average!).toBeLessThan(lone.average!);
      expect(e.votes).toBeGreaterThan(lone.votes);
    }
    expect(entries[0]!.title).toBe('Sunset over the harbour');
    expect(entries[0]!.rank).toBe(1);
  });

  it("GIVEN yesterday's entry under the minimum votes THEN it is unranked, listed after the ranked", () => {
    const fresh = byTitle('Voxel tower');
    expect(fresh.votes).toBeLessThan(standings.settings.minVotes);
    expect(fresh.votes).toBeGreaterThan(0);
    expect(fresh.rank).toBeNull();
    expect(standings.entries.at(-1)).toBe(fresh);
    expect(standings.entries.filter((e) => e.rank === null)).toEqual([fresh]);
  });

  it('GIVEN a seeded contest THEN each entry has its picture and thumbnail stored as WebP', async () => {
    for (const e of standings.entries) {
      const full = await storedImage(p.ctx, e.imageHash);
      const thumb = await storedImage(p.ctx, e.thumbHash);
      for (const image of [full, thumb]) {
        expect(image, e.title).not.toBeNull();
        expect(image!.contentType).toBe('image/webp');
        expect(sniffImage(image!.data)).toBe('webp');
        expect(image!.size).toBe(image!.data.length);
      }
      expect({ width: full!.width, height: full!.height }).toEqual({
        width: e.width,
        height: e.height,
      });
      // Small enough for intake to stay quick, large enough to look like a member's upload.
      expect(Math.max(e.width, e.height)).toBeGreaterThanOrEqual(800);
      expect(Math.max(e.width, e.height)).toBeLessThanOrEqual(1200);
      expect(Math.max(thumb!.width, thumb!.height)).toBeLessThanOrEqual(480);
    }
    // Twelve different pictures, not one drawn twelve times.
    expect(new Set(standings.entries.map((e) => e.imageHash)).size).toBe(DEMO_ENTRIES.length);
  });
});

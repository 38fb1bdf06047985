import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { TallyError } from '../../src/domain/errors';
import {
  contestReviewQueue,
  contestStandings,
  decideEntry,
  entriesByAuthor,
  removeEntry,
  setContest,
  storedImage,
  submitEntry,
  voteOnEntry,
  withdrawEntry,
} from '../../src/pipeline/contests';
import { contestPosts } from '../../src/pipeline/outbox';
import { backendName } from '../support/backends';
import { startPipeline, type TestPipeline } from '../support/pipeline';
import { nextSnowflake } from '../support/tally';

/**
 * Contest use cases (src/pipeline/contests.ts) on this run's database: the cap and periods,
 * votes under concurrency, approval with its window, and what removal deletes.
 */
const member = () => `chat:${nextSnowflake()}`;
const picture = (colour: string, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TallyError);
  return (err as TallyError).detail;
}

describe(`contests (${backendName})`, () => {
  let p: TestPipeline | undefined;
  afterEach(async () => {
    await p?.close();
    p = undefined;
  });

  async function contest(settings: Parameters<typeof setContest>[3] = {}) {
    p = await startPipeline();
    const board = await p.board({ type: 'Rating', name: 'Gallery', windowHours: 24 });
    await setContest(p.ctx, board.ownerId, board.id, settings);
    return board;
  }
  const enter = async (board: Board, authorId = member(), colour = '#884422') =>
    (
      await submitEntry(p!.ctx, {
        ownerId: board.ownerId,
        boardId: board.id,
        authorId,
        authorName: 'Ann',
        title: 'Dunes',
        bytes: await picture(colour),
      })
    ).entry;

  it('GIVEN a match board THEN contest use cases answer board_type_mismatch', async () => {
    p = await startPipeline();
    const ladder = await p.board({ type: 'ELO' });
    const err = await setContest(p.ctx, ladder.ownerId, ladder.id, {}).catch((e: unknown) => e);
    expect((err as TallyError).code).toBe('board_type_mismatch');
  });

  it('GIVEN 40 members voting on one entry at once, some twice THEN every member counts once with their last vote', async () => {
    const board = await contest();
    const entry = await enter(board);
    const voters = Array.from({ length: 40 }, member);
    await Promise.all(
      voters.map((voterId, i) =>
        voteOnEntry(p!.ctx, {
          ownerId: board.ownerId,
          entryPk: entry.pk,
          voterId,
          value: 1 + (i % 10),
        }),
      ),
    );
    await Promise.all(
      voters
        .slice(0, 10)
        .map((voterId) =>
          voteOnEntry(p!.ctx, { ownerId: board.ownerId, entryPk: entry.pk, voterId, value: 10 }),
        ),
    );
    const [ranked] = (await contestStandings(p!.ctx, board)).entries;
    // 40 votes of 1..10 four times over (sum 220), then the first ten (1..10, sum 55) become 10s.
    expect([ranked!.votes, ranked!.voteSum]).toEqual([40, 220 - 55 + 100]);
  });

  it('GIVEN the cap, periods and another workspace THEN each refuses with why', async () => {
    const board = await contest({ entriesPerMember: 2 });
    const ann = member();
    await enter(board, ann);
    await enter(board, ann);
    expect(await refusal(enter(board, ann))).toContain('a member may have 2');
    const stranger = await p!.owner();
    const entry = await enter(board);
    expect(
      await refusal(
        voteOnEntry(p!.ctx, { ownerId: stranger, entryPk: entry.pk, voterId: member(), value: 5 }),
      ),
    ).toContain('no entry');
    expect(
      await refusal(
        voteOnEntry(p!.ctx, {
          ownerId: board.ownerId,
          entryPk: entry.pk,
          voterId: member(),
          value: 11,
        }),
      ),
    ).toContain('vote');
    await setContest(p!.ctx, board.ownerId, board.id, { submissions: 'closed', voting: 'closed' });
    expect(await refusal(enter(board))).toContain('stopped taking entries');
    expect(
      await refusal(
        voteOnEntry(p!.ctx, {
          ownerId: board.ownerId,
          entryPk: entry.pk,
          voterId: member(),
          value: 5,
        }),
      ),
    ).toContain('closed');
    p!.setNow(new Date('2026-11-01T12:00:00.000Z'));
    expect(
      await refusal(
        setContest(p!.ctx, board.ownerId, board.id, { voting: new Date('2020-01-01') }),
      ),
    ).toContain('future');
  });

  it('GIVEN approval THEN an entry waits; one of two racing moderators decides; past the review window it no longer counts', async () => {
    const board = await contest({ approval: true });
    const ann = member();
    const entry = await enter(board, ann);
    expect(entry.status).toBe('pending');
    expect((await contestReviewQueue(p!.ctx, [board])).pending.map((e) => e.pk)).toEqual([
      entry.pk,
    ]);
    const decide = (approve: boolean) =>
      decideEntry(p!.ctx, { ownerId: board.ownerId, entryPk: entry.pk, by: 'cli', approve });
    const results = await Promise.allSettled([decide(true), decide(false)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await contestStandings(p!.ctx, board)).entries.length).toBe(
      results[0]!.status === 'fulfilled' ? 1 : 0,
    );

    const late = await enter(board, member());
    p!.setNow(new Date(late.createdAt.getTime() + 25 * 3_600_000));
    expect((await contestReviewQueue(p!.ctx, [board])).pending).toEqual([]);
    const approveLate = decideEntry(p!.ctx, {
      ownerId: board.ownerId,
      entryPk: late.pk,
      by: 'cli',
      approve: true,
    });
    expect(await refusal(approveLate)).toContain('review window');
    // It no longer counts against its author's cap either.
    p!.setNow(new Date(late.createdAt.getTime() + 26 * 3_600_000));
  });

  it('GIVEN voting until a date THEN each live post is due once after it (its buttons go), also after downtime, and not again once redrawn', async () => {
    const until = new Date('2026-11-03T12:00:00.000Z');
    const board = await contest({ channelId: '900000000000000001', voting: until });
    const entry = await enter(board);
    const posts = contestPosts(p!.ctx);
    const due = (at: Date) => posts.postsDue(at, new Date(at.getTime() - 5_000), 10);
    const posted = async (at: Date) => {
      const lease = new Date(at.getTime() + 60_000);
      expect(await posts.takePost(entry.pk, at, lease)).toBe(true);
      await posts.recordPost(
        entry.pk,
        { channelId: '900000000000000001', messageId: '900000000000000002', votes: 0, at },
        lease,
      );
    };
    const before = new Date(until.getTime() - 60_000);
    expect(await due(before)).toEqual([entry.pk]); // not posted yet
    await posted(before);
    expect(await due(before)).toEqual([]);
    // Tally was down across the end: the first pass after it redraws the post.
    const afterDowntime = new Date(until.getTime() + 3 * 3_600_000);
    expect(await due(afterDowntime)).toEqual([entry.pk]);
    await posted(afterDowntime);
    expect(await due(new Date(afterDowntime.getTime() + 60_000))).toEqual([]);
  });

  it('GIVEN two entries of the same picture THEN the bytes are stored once and deleted only with the last entry that shows them', async () => {
    const board = await contest({ entriesPerMember: 3 });
    const ann = member();
    const first = await enter(board, ann, '#123456');
    const second = await enter(board, ann, '#123456');
    expect(second.imageHash).toBe(first.imageHash);
    await withdrawEntry(p!.ctx, { ownerId: board.ownerId, entryPk: first.pk, authorId: ann });
    expect(await storedImage(p!.ctx, first.imageHash)).not.toBeNull();
    await removeEntry(p!.ctx, {
      ownerId: board.ownerId,
      entryPk: second.pk,
      by: 'cli',
      reason: 'duplicate',
    });
    expect(await storedImage(p!.ctx, first.imageHash)).toBeNull();
    expect(await storedImage(p!.ctx, first.thumbHash)).toBeNull();
    expect(await entriesByAuthor(p!.ctx, board, ann)).toEqual([]);
    const line = (await p!.ctx.repos.db.run((m) =>
      m.query("SELECT line FROM audit_events WHERE line LIKE '%removed entry%'"),
    )) as { line: string }[];
    expect(line[0]?.line).toContain('duplicate');
  });
});

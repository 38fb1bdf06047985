import { describe, expect, it } from 'vitest';
import { reviewMessage } from '../../src/bot/review-message';
import { confirmMessage } from '../../src/bot/confirm-message';
import { discordRefuses } from '../support/discord-check';
import { aBoard, aMatchReview, aRoster, aScore, aSubmission } from '../support/views';

/**
 * The review and confirmation messages as a moderator and a member read them, from the view the
 * pipeline returns: no database, no bot (issue 25 item 6, the fast tier).
 */
const fields = (body: ReturnType<typeof reviewMessage>) =>
  Object.fromEntries((body.embeds[0]?.fields ?? []).map((f) => [f.name, f.value]));
const labels = (body: ReturnType<typeof reviewMessage>) =>
  body.components.flatMap((row) => row.components.map((b) => ('label' in b ? b.label : '')));

describe('the review message', () => {
  it('GIVEN a pending ELO match THEN each side with its rating, who submitted it, the expiry and Approve / Decline / Adjust', () => {
    const body = reviewMessage(aMatchReview(aRoster([['Ann', 1000, null]], [['Bo', 1016, null]])));
    expect(body.embeds[0]?.title).toBe('Review: Ladder');
    expect(fields(body)).toMatchObject({
      'Team 1 · won': 'Ann — 1000',
      'Team 2 · lost': 'Bo — 1016',
      'Submitted by': '<@111111111111111111>',
    });
    expect(fields(body)['Expires']).toMatch(/^<t:\d+:f> \(<t:\d+:R>\)$/);
    expect(labels(body)).toEqual(['Approve', 'Decline', 'Adjust']);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(discordRefuses(body)).toEqual([]);
  });

  it('GIVEN it was approved THEN the rating moves with one sign rule (±0 for none) and no buttons', () => {
    const body = reviewMessage(
      aMatchReview(aRoster([['Ann', 1000, 16]], [['Bo', 1016, -16]]), {
        match: { status: 'approved' },
        submission: { status: 'approved' },
      }),
    );
    expect(fields(body)['Team 1 · won']).toBe('Ann — 1000 → 1016 (+16)');
    expect(fields(body)['Team 2 · lost']).toBe('Bo — 1016 → 1000 (−16)');
    expect(body.components).toEqual([]);
    const even = reviewMessage(
      aMatchReview(aRoster([['Ann', 1000, 0]], [['Bo', 1000, 0]]), {
        match: { status: 'approved', winner: 'draw' },
        submission: { status: 'approved' },
      }),
    );
    expect(fields(even)['Team 1 · drew']).toBe('Ann — 1000 → 1000 (±0)');
  });

  it('GIVEN a Time score THEN the time reads as everywhere else (1:02.500), not milliseconds', () => {
    const board = aBoard({ type: 'Time' });
    const body = reviewMessage({
      handle: 'sub_12',
      board,
      submission: aSubmission({ kind: 'score', matchPk: null, scorePk: 5 }),
      record: { kind: 'score', score: aScore({ score: 62_500 }) },
    });
    expect(fields(body)).toMatchObject({ Player: 'Maya', Score: '1:02.500' });
  });

  it('GIVEN names made to break the message THEN they show as typed, inside every limit', () => {
    const hostile = '**@everyone** <@&1> # '.repeat(60);
    const many = Array.from({ length: 25 }, (_, i): [string, number, null] => [
      `${hostile}${i}`,
      1000,
      null,
    ]);
    const body = reviewMessage(
      aMatchReview(aRoster(many, many), { board: aBoard({ displayName: hostile }) }),
    );
    expect(discordRefuses(body)).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('**@everyone**');
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });
});

describe('the confirmation message', () => {
  it('GIVEN a report waiting for the opponents THEN it pings only them, says the result from each side, and offers the buttons', () => {
    const view = aMatchReview(aRoster([['Ann', 1000, null]], [['Bo', 1000, null]]), {
      board: aBoard({ reviewMode: 'opponents' }),
      submission: {
        status: 'pending_review',
        // The stored write (domain/write-request.ts): who played, as parsed at submission.
        payload: {
          kind: 'match',
          team1: [{ kind: 'chat', id: 'chat:111111111111111111', snowflake: '111111111111111111' }],
          team2: [{ kind: 'chat', id: 'chat:222222222222222222', snowflake: '222222222222222222' }],
          winner: 'team1',
        },
        confirmState: 'awaiting',
        confirmDueAt: new Date('2026-11-27T18:00:00Z'),
        confirmChannelId: '900000000000000002',
      },
    });
    const body = confirmMessage(view);
    expect(body.allowed_mentions).toEqual({ parse: [], users: ['222222222222222222'] });
    expect(body.content).toMatch(
      /^<@222222222222222222>: <@111111111111111111> reported this match/,
    );
    expect(body.embeds[0]?.description).toBe(
      '**Team 1** (won): Ann — 1000\n**Team 2** (lost): Bo — 1000',
    );
    expect(body.components[0]?.components.map((b) => ('label' in b ? b.label : ''))).toEqual([
      'Confirm',
      'Dispute',
      'Withdraw',
    ]);
    expect(discordRefuses(body)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  entryNotice,
  entryPost,
  entryReviewMessage,
  finalPost,
  parseEntryReview,
  parseReportButton,
  parseVoteButton,
  voteAnswer,
  voteButtonId,
} from '../../src/bot/contest-message';
import { discordRefuses } from '../support/discord-check';
import { aContestEntry, aRatingBoard, someSettings } from '../support/entry-views';
import { AT } from '../support/views';

/**
 * What the contest poster sends (src/bot/contest-message.ts), read as a member and a moderator
 * read it: the entry's post with its vote buttons, its final form, the moderators' message and
 * the author's notice. No database, no bot (the fast tier).
 */
type Body = ReturnType<typeof entryPost>;
const labels = (body: Body) =>
  body.components.map((row) => row.components.map((b) => ('label' in b ? b.label : '')));
const later = (hours: number) => new Date(AT.getTime() + hours * 3_600_000);

describe('a contest entry in Discord', () => {
  const board = aRatingBoard();

  it('GIVEN a live entry THEN its post shows title, author, the count only, the image attached, 1–10 in two rows and Report', () => {
    const entry = aContestEntry(12, { title: 'Sunset', votes: 7, voteSum: 60 });
    const body = entryPost(entry, board, someSettings({ votingUntil: later(48) }), AT);
    const embed = body.embeds[0]!;
    expect(embed.title).toBe('#12 · Sunset');
    expect(embed.description).toBe(
      `by <@${entry.authorId.slice(5)}> · **Photo Contest**\nRate it 1–10 with the buttons below; you can change your vote. Voting closes <t:${Math.floor(later(48).getTime() / 1000)}:R>.`,
    );
    // The count, never the average: that would steer the votes still to come.
    expect(embed.footer?.text).toBe('7 votes so far');
    expect(JSON.stringify(body)).not.toContain('8.57');
    expect(embed.image?.url).toBe('attachment://entry-12.webp');
    expect(labels(body)).toEqual([
      ['1', '2', '3', '4', '5'],
      ['6', '7', '8', '9', '10'],
      ['Report'],
    ]);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(
      discordRefuses({ ...body, attachments: [{ id: '0', filename: 'entry-12.webp' }] }),
    ).toEqual([]);
  });

  it('GIVEN voting closed THEN the post keeps its image and count and loses its buttons', () => {
    const body = entryPost(aContestEntry(3), board, someSettings({ votingUntil: AT }), later(1));
    expect(body.components).toEqual([]);
    expect(body.embeds[0]!.description).toContain('Voting has closed.');
    expect(body.embeds[0]!.footer?.text).toBe('no votes so far');
  });

  it('GIVEN a title with markdown, a mention and 300 characters THEN the heading shows it literally within Discord’s limit and pings no one', () => {
    const title = `**@everyone** <@&123> ${'x'.repeat(300)}`;
    const body = entryPost(aContestEntry(4, { title }), board, someSettings(), AT);
    expect(body.embeds[0]!.title!.length).toBeLessThanOrEqual(256);
    const heading = body.embeds[0]!.title!;
    expect(heading.startsWith('#4 · \\*\\*@everyone\\*\\* \\<@&123\\> xxx')).toBe(true);
    expect(heading.endsWith('x…')).toBe(true);
    expect(discordRefuses(body)).toEqual([]);
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });

  it('GIVEN the round ended THEN the post shows its final rank, average and count, no buttons', () => {
    const entry = aContestEntry(5, { status: 'archived', finalRank: 2, votes: 3, voteSum: 25 });
    const body = finalPost(entry, board);
    expect(body.embeds[0]!.footer?.text).toBe('Final rank #2 · avg 8.33 · 3 votes');
    expect(body.components).toEqual([]);
    const unranked = finalPost({ ...entry, finalRank: null, votes: 0, voteSum: 0 }, board);
    expect(unranked.embeds[0]!.footer?.text).toBe('Unranked · no votes');
  });

  it('GIVEN an entry that waits for approval THEN the moderators see it with Approve and Decline; decided, the outcome without image or buttons', () => {
    const pending = aContestEntry(6, { status: 'pending', title: 'Harbour' });
    const body = entryReviewMessage(pending, board);
    expect(body.embeds[0]!.title).toBe('Entry to review: Harbour');
    expect(body.embeds[0]!.image?.url).toBe('attachment://entry-6.webp');
    expect(labels(body)).toEqual([['Approve', 'Decline']]);
    expect(discordRefuses(body)).toEqual([]);
    const declined = entryReviewMessage(
      { ...pending, status: 'declined', reason: 'Not *yours*' },
      board,
    );
    expect(declined.embeds[0]!.title).toBe('Entry reviewed: Harbour');
    expect(declined.embeds[0]!.description).toContain('Declined: Not \\*yours\\*');
    expect(declined.embeds[0]!.image).toBeUndefined();
    expect(declined.components).toEqual([]);
  });

  it('GIVEN a removal THEN the author’s DM names the entry, the contest and the reason', () => {
    const removed = aContestEntry(7, { status: 'removed', reason: 'Traced', title: 'Owl' });
    expect(entryNotice(removed, board)).toBe(
      'Your entry "Owl" was removed from the contest **Photo Contest** by its moderators. Reason: Traced Its image is no longer kept by Tally.',
    );
    expect(entryNotice({ ...removed, status: 'declined', reason: null }, board)).toContain(
      'was not approved for the contest',
    );
  });

  it('GIVEN a vote THEN the answer says the vote now, and what it was before', () => {
    const entry = aContestEntry(8, { title: 'Fox' });
    expect(voteAnswer(entry, 8, null)).toBe(
      'Your vote on "Fox": **8**/10. Press another number any time to change it.',
    );
    expect(voteAnswer(entry, 6, 8)).toContain('**6**/10 (was 8)');
    expect(voteAnswer(entry, 6, 6)).toContain('(unchanged)');
  });

  it('GIVEN custom ids THEN only well-formed ones parse: a forged vote of 11, 0 or a non-number is refused', () => {
    expect(parseVoteButton(voteButtonId(12, 10))).toEqual({ entryPk: 12, value: 10 });
    for (const forged of [
      'vote:12:11',
      'vote:12:0',
      'vote:12:x',
      'vote:12',
      'vote:-1:5',
      'vote:12:5:1',
      'vote:012:5',
    ]) {
      expect(parseVoteButton(forged)).toBeNull();
    }
    expect(parseReportButton('report:3')).toEqual({ entryPk: 3 });
    expect(parseReportButton('report:3:1')).toBeNull();
    expect(parseEntryReview('entry:approve:9')).toEqual({ decision: 'approve', entryPk: 9 });
    expect(parseEntryReview('entry:delete:9')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { contestEmbed, contestMessage, roundMessage } from '../../src/bot/entries-message';
import { entryQueueEmbed, ENTRY_QUEUE_ROOM } from '../../src/bot/entry-queue-message';
import { memberEntriesEmbed } from '../../src/bot/member-entries-message';
import {
  FILE_LIMITS,
  picturesWithin,
  roundSoonLines,
  roundStartLines,
  winnersMessage,
} from '../../src/bot/winners-message';
import type { MemberEntry, RankedContestEntry } from '../../src/pipeline/contest-reads';
import { discordRefuses } from '../support/discord-check';
import {
  aContestEntry,
  aContestPage,
  anEndedRound,
  aRankedEntry,
  aRatingBoard,
  aRoundPage,
  someSettings,
} from '../support/entry-views';
import { AT } from '../support/views';

/**
 * A Rating board's contest as members read it in chat, from the data a use case returns (the
 * fast tier): the ranking and its pages, an ended round, a member's entries, the moderators'
 * queue and a round's winners with their pictures. Names are someone's text: shown as typed.
 */
type Embedded = { embeds: { description?: string; title?: string }[] };
const text = (body: Embedded, n = 0) => body.embeds[n]?.description ?? '';
const ids = (body: { components: unknown[] }) =>
  (body.components as { components: { custom_id?: string; label?: string }[] }[])
    .flatMap((row) => row.components)
    .map((b) => `${b.label}:${b.custom_id}`);
/** What Discord would refuse in the message as sent: its files listed as attachments. */
const refused = (body: { embeds: object[]; components?: unknown[]; files?: unknown[] }) =>
  discordRefuses({
    embeds: body.embeds,
    components: (body.components ?? []) as never,
    ...(body.files
      ? { attachments: body.files.map((_, id) => ({ id: String(id), filename: 'x.webp' })) }
      : {}),
    allowed_mentions: { parse: [] },
  } as never);

const URL = 'http://tally.test/boards/guild%3A1/board_7';
const ranking = (): RankedContestEntry[] => [
  aRankedEntry(12, 1, 8.43, 23, {
    title: 'Sunset **over** the bay',
    voteSum: 200,
    authorName: 'Ali',
  }),
  aRankedEntry(13, 2, 7.1, 5, { title: 'Harbour', voteSum: 40, authorName: '<@123> _Bo_' }),
  aRankedEntry(14, null, 6.5, 1, { title: 'Fog', voteSum: 9, authorName: 'Cy' }),
];
const PNG = Buffer.from('picture bytes');

describe('a contest’s ranking in chat', () => {
  it('GIVEN a first page with a leader THEN ranked lines, the unranked after, the leader’s picture attached and Next by offset', () => {
    const page = aContestPage(ranking(), { total: 14, more: true });
    const leader = { entry: page.entries[0]!, data: PNG };
    const body = contestMessage(page, URL, leader);
    expect(body.embeds[0]?.title).toBe('Photo Contest — standings');
    expect(text(body).split('\n')).toEqual([
      '**1.** **Sunset \\*\\*over\\*\\* the bay** by Ali · 8.43 · avg 8.70 · 23 votes',
      '**2.** **Harbour** by \\<@123\\> \\_Bo\\_ · 7.10 · avg 8.00 · 5 votes',
      '– **Fog** by Cy · unranked · avg 9.00 · 1 vote (ranked from 3)',
    ]);
    expect(body.embeds[0]?.footer?.text).toBe(
      'board_7 · Rating · 14 entries · ranked from 3 votes',
    );
    expect(body.embeds[0]?.image?.url).toBe('attachment://entry-12.webp');
    expect(body.files).toEqual([{ attachment: PNG, name: 'entry-12.webp' }]);
    expect(ids(body)).toEqual(['Next:page:standings:7:3']);
    expect(refused(body)).toEqual([]);
  });

  it('GIVEN a later page THEN no picture and no file (paging uploads nothing), First and Next', () => {
    const page = aContestPage(ranking(), { from: 10, total: 30, more: true });
    const body = contestMessage(page, URL, { entry: page.entries[0]!, data: PNG });
    expect(body.files).toBeUndefined();
    expect(body.embeds[0]?.image).toBeUndefined();
    expect(ids(body)).toEqual(['First:page:standings:7:', 'Next:page:standings:7:13']);
  });

  it('GIVEN nothing ranked or no entries THEN no picture; an empty first page says how to take part', () => {
    const none = contestMessage(aContestPage([]), URL, null);
    expect(text(none)).toBe('No entries yet: submit one with `/contest submit board:board_7`.');
    expect(none.embeds[0]?.footer?.text).toBe('board_7 · Rating · 0 entries · ranked from 3 votes');
    expect(ids(none)).toEqual([]);
    expect(text(contestMessage(aContestPage([], { from: 10 }), URL, null))).toBe(
      'No more entries.',
    );
  });

  it('GIVEN the live standings THEN the same lines and no picture (it is edited every 30 s)', () => {
    const embed = contestEmbed(aContestPage(ranking()), URL);
    expect(embed.description?.split('\n')[0]).toMatch(/^\*\*1\.\*\* \*\*Sunset/);
    expect(embed.image).toBeUndefined();
  });

  it('GIVEN long names on a full page THEN each line is clipped before escaping, within the embed', () => {
    const long = Array.from({ length: 10 }, (_, i) =>
      aRankedEntry(i + 1, i + 1, 9 - i / 10, 30, {
        title: '*'.repeat(80),
        authorName: '_'.repeat(100),
        voteSum: 250,
      }),
    );
    const body = contestMessage(aContestPage(long), URL, null);
    const first = text(body).split('\n')[0]!;
    expect(first).toBe(
      `**1.** **${'\\*'.repeat(59)}…** by ${'\\_'.repeat(39)}… · 9.00 · avg 8.33 · 30 votes`,
    );
    expect(refused(body)).toEqual([]);
  });
});

describe('an ended round in chat', () => {
  it('GIVEN a round’s page THEN medals by final rank, the unranked after, archive buttons by offset', () => {
    const body = roundMessage(aRoundPage(ranking(), { total: 12, more: true }), `${URL}?season=1`);
    expect(body.embeds[0]?.title).toBe('Photo Contest — Season 1 “Autumn”, final');
    expect(text(body).split('\n')[0]).toBe(
      '🥇 **Sunset \\*\\*over\\*\\* the bay** by Ali · 8.43 · avg 8.70 · 23 votes',
    );
    expect(text(body).split('\n')[2]).toMatch(/^– \*\*Fog\*\* by Cy · unranked/);
    expect(body.embeds[0]?.footer?.text).toBe(
      'board_7 · 2026-09-01 – 2026-10-01 · 12 entries · archived',
    );
    expect(ids(body)).toEqual(['Next:page:archive:41:3']);
    expect(text(roundMessage(aRoundPage([]), URL))).toBe('No entries this round.');
    expect(refused(body)).toEqual([]);
  });
});

describe('a member’s entries (/profile on a Rating board)', () => {
  const round = anEndedRound();
  const entries = (): MemberEntry[] => {
    const live = aRankedEntry(12, 2, 8.1, 9, { title: 'Dunes', voteSum: 75 });
    return [
      { entry: live, standing: live, round: null },
      {
        entry: aContestEntry(15, { status: 'pending', title: 'Secret *plan*' }),
        standing: null,
        round: null,
      },
      {
        entry: aContestEntry(3, {
          status: 'archived',
          finalRank: 2,
          votes: 20,
          voteSum: 170,
          seasonPk: 41,
        }),
        standing: null,
        round,
      },
      {
        entry: aContestEntry(1, {
          status: 'archived',
          finalRank: null,
          votes: 1,
          voteSum: 4,
          seasonPk: 41,
        }),
        standing: null,
        round,
      },
    ];
  };
  const view = (own: boolean) => ({
    board: aRatingBoard(),
    name: 'Ann **A**',
    settings: someSettings(),
    entries: entries(),
    own,
  });

  it('GIVEN their own profile THEN live with its standing, waiting by title, past rounds with final rank', () => {
    const embed = memberEntriesEmbed(view(true), true);
    expect(embed.title).toBe('Ann \\*\\*A\\*\\* on Photo Contest');
    expect(embed.description).toBe(
      '1 entry in the contest · 1 entry waiting for approval · 2 entries in past rounds',
    );
    expect(embed.fields).toEqual([
      { name: 'In the contest', value: '**Dunes** · #2 · 8.10 · avg 8.33 · 9 votes' },
      { name: 'Waiting for a moderator', value: '**Secret \\*plan\\***' },
      {
        name: 'Past rounds',
        value: [
          '**Entry 3** · 🥈 #2 in Season 1 “Autumn” · avg 8.50 · 20 votes',
          '**Entry 1** · unranked in Season 1 “Autumn” · avg 4.00 · 1 vote',
        ].join('\n'),
      },
    ]);
    expect(embed.thumbnail?.url).toBe('attachment://entry-12.webp');
    expect(refused({ embeds: [embed], files: [PNG] })).toEqual([]);
  });

  it('GIVEN someone else’s profile THEN a waiting entry is counted, never named (no moderator saw it yet)', () => {
    const embed = memberEntriesEmbed(view(false), false);
    expect(embed.fields?.[1]).toEqual({ name: 'Waiting for a moderator', value: '1 entry' });
    expect(JSON.stringify(embed)).not.toContain('Secret');
    expect(embed.thumbnail).toBeUndefined();
  });
});

describe('the moderators’ contest queue (/review list)', () => {
  const board = aRatingBoard({ ownerId: 'guild:804615273910462851' });
  it('GIVEN pending and reported entries THEN both sections, with ages, expiry, report counts and the post’s link', () => {
    const embed = entryQueueEmbed({
      pending: [
        {
          entry: aContestEntry(21, {
            status: 'pending',
            title: '@everyone look',
            authorName: 'Eve',
            reviewChannelId: '900000000000000001',
            reviewMessageId: '900000000000000005',
          }),
          board,
          expiresAt: new Date(AT.getTime() + 86_400_000),
        },
      ],
      reported: [
        {
          entry: aContestEntry(13, {
            reports: 3,
            postChannelId: '900000000000000003',
            postMessageId: '900000000000000004',
          }),
          board,
          expiresAt: null,
        },
      ],
    })!;
    expect(embed.title).toBe('Contest entries: 1 waiting for approval, 1 reported');
    const at = Math.floor(AT.getTime() / 1000);
    expect(embed.description?.split('\n')).toEqual([
      '**Waiting for approval**',
      `#21 · Photo Contest · **@everyone look** by Eve · submitted <t:${at}:R> · expires <t:${at + 86_400}:R> · [review message](https://discord.com/channels/804615273910462851/900000000000000001/900000000000000005)`,
      '',
      '**Reported**',
      '#13 · Photo Contest · **Entry 13** by Author 13 · 🚩 3 reports · [post](https://discord.com/channels/804615273910462851/900000000000000003/900000000000000004)',
    ]);
    expect(refused({ embeds: [embed] })).toEqual([]);
  });

  it('GIVEN nothing waits THEN no contest part; GIVEN hundreds THEN it stays within its room and says how many more', () => {
    expect(entryQueueEmbed({ pending: [], reported: [] })).toBeNull();
    const many = (status: 'pending' | 'live', from: number) =>
      Array.from({ length: 200 }, (_, i) => ({
        entry: aContestEntry(from + i, { status, reports: 1, title: 'x'.repeat(80) }),
        board,
        expiresAt: null,
      }));
    const embed = entryQueueEmbed({ pending: many('pending', 1), reported: many('live', 1000) })!;
    const size = embed.title!.length + embed.description!.length + embed.footer!.text.length;
    expect(size).toBeLessThanOrEqual(ENTRY_QUEUE_ROOM);
    const lines = embed.description!.split('\n');
    expect(lines).toContain('**Reported**');
    expect(lines.filter((l) => /^…and \d+ more$/.test(l))).toHaveLength(2);
  });
});

describe('a round’s end, announced', () => {
  const winners = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      aRankedEntry(100 + i, i + 1, 9 - i / 10, 40, {
        title: `Winner ${i + 1} ${'*'.repeat(70)}`,
        authorName: `<@&${i}> ${'_'.repeat(90)}`,
        voteSum: 340,
      }),
    );

  it('GIVEN twelve winners with pictures THEN at most ten embeds and files, the winner’s picture under the list, each other captioned, within 6 000 characters', () => {
    const page = aRoundPage(winners(12));
    const pictures = page.entries.slice(0, 10).map((entry) => ({ entry, data: PNG }));
    const body = winnersMessage(page, pictures, `${URL}?season=1`, 'The round is over.');
    expect(body.embeds).toHaveLength(10);
    expect(body.files.map((f) => f.name)).toEqual(
      page.entries.slice(0, 10).map((e) => `entry-${e.pk}.webp`),
    );
    expect(body.embeds[0]?.title).toBe('🏆 Season 1 “Autumn” has ended');
    expect(body.embeds[0]?.image?.url).toBe('attachment://entry-100.webp');
    expect(body.embeds[1]?.title).toMatch(/^🥈 Winner 2 (\\\*){70}$/);
    expect(body.embeds[1]?.image?.url).toBe('attachment://entry-101.webp');
    expect(body.embeds[3]?.title).toMatch(/^4\. Winner 4/);
    const lines = text(body).split('\n');
    expect(lines[0]).toBe('Winners of **Photo Contest**:');
    expect(lines[2]).toMatch(
      /^🥇 \*\*Winner 1 (\\\*){50}…\*\* by \\<@&0\\> (\\_){33}… · 9\.00 · avg 8\.50 · 40 votes$/,
    );
    expect(lines.at(-1)).toBe('The round is over.');
    expect(refused(body)).toEqual([]);
  });

  it('GIVEN the winner has no picture THEN the list stands alone and the pictures that are there are captioned', () => {
    const page = aRoundPage(winners(3));
    const body = winnersMessage(page, [{ entry: page.entries[1]!, data: PNG }], URL, 'Done.');
    expect(body.embeds[0]?.image).toBeUndefined();
    expect(body.embeds[1]?.image?.url).toBe('attachment://entry-101.webp');
    expect(body.files.map((f) => f.name)).toEqual(['entry-101.webp']);
  });

  it('GIVEN a day left THEN the top 3 as they stand, with medals; the start says how to take part', () => {
    const endsAt = new Date('2026-10-01T00:00:00Z');
    const soon = roundSoonLines(aContestPage(ranking()), endsAt);
    expect(soon).toEqual([
      '**Photo Contest** closes <t:1790812800:R>: last chance to vote.',
      '',
      '🥇 **Sunset \\*\\*over\\*\\* the bay** by Ali · 8.43 · avg 8.70 · 23 votes',
      '🥈 **Harbour** by \\<@123\\> \\_Bo\\_ · 7.10 · avg 8.00 · 5 votes',
      '– **Fog** by Cy · unranked · avg 9.00 · 1 vote (ranked from 3)',
    ]);
    const start = roundStartLines(aRatingBoard(), anEndedRound({ endedAt: null }));
    expect(start[1]).toBe('It ends <t:1790812800:F> (<t:1790812800:R>).');
    expect(roundStartLines(aRatingBoard(), anEndedRound({ endsAt: null }))[1]).toBe(
      'It runs until the moderators end it.',
    );
  });

  it('GIVEN nobody ranked THEN it says so and attaches nothing', () => {
    const body = winnersMessage(aRoundPage([]), [], URL, 'Done.');
    expect(text(body).split('\n')).toEqual([
      'Winners of **Photo Contest**:',
      '',
      'No entry had enough votes to be ranked.',
      '',
      'Done.',
    ]);
    expect(body.files).toEqual([]);
  });

  it('GIVEN large pictures THEN full images while they fit 25 MiB a message, then thumbnails; one over 10 MiB goes as its thumbnail; a missing one is left out', async () => {
    const page = aRoundPage(winners(12));
    const MiB = 1024 * 1024;
    const sizes: Record<number, number> = {
      100: 11 * MiB,
      101: 9 * MiB,
      102: 9 * MiB,
      103: 9 * MiB,
    };
    const chosen = await picturesWithin(page.entries, (entry, size) => {
      if (entry.pk === 104) return Promise.resolve(null);
      const bytes = size === 'thumb' ? 40_000 : (sizes[entry.pk] ?? 2 * MiB);
      return Promise.resolve(Buffer.alloc(bytes));
    });
    expect(chosen.map((c) => [c.entry.pk, c.data.length])).toEqual([
      [100, 40_000],
      [101, 9 * MiB],
      [102, 9 * MiB],
      [103, 40_000],
      [105, 2 * MiB],
      [106, 2 * MiB],
      [107, 40_000],
      [108, 40_000],
      [109, 40_000],
    ]);
    expect(chosen.length).toBeLessThanOrEqual(FILE_LIMITS.files);
    const total = chosen.reduce((n, c) => n + c.data.length, 0);
    expect(total).toBeLessThanOrEqual(FILE_LIMITS.requestBytes);
  });
});

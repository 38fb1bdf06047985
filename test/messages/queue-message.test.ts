import { describe, expect, it } from 'vitest';
import {
  queueMatchEdit,
  queueMatchMessage,
  queueMessage,
  type QueueMessageBody,
} from '../../src/bot/queue-message';
import type { QueueMatchState } from '../../entities/queue';
import { discordRefuses } from '../support/discord-check';
import {
  aPlayer,
  aQueue,
  aQueueMatch,
  aQueueMatchView,
  aQueueView,
  aWaiter,
  chat,
  member,
} from '../support/queue-views';
import { aBoard, AT } from '../support/views';

/**
 * A matchmaking queue's messages (src/bot/queue-message.ts) as members read them: the queue with
 * who waits, and a match through its ready check, its play and its end. No database, no bot.
 */
const labels = (body: QueueMessageBody) =>
  body.components.flatMap((r) => r.components.map((b) => ('label' in b ? b.label : '')));
const ids = (body: QueueMessageBody) =>
  body.components.flatMap((r) => r.components.map((b) => ('custom_id' in b ? b.custom_id : '')));
const unix = (at: Date) => Math.floor(at.getTime() / 1000);
const inMinutes = (m: number) => new Date(AT.getTime() + m * 60_000);
const edit = ['PATCH', '/channels/900000000000000001/messages/900000000000000009'] as [
  string,
  string,
];
describe("a queue's message", () => {
  it('GIVEN two waiting and a match on THEN how it matches, each with rating and a joined time that counts by itself, Join and Leave, nobody pinged', () => {
    const body = queueMessage(aQueueView({ open: 1 }), AT);
    const embed = body.embeds[0]!;
    expect(embed.title).toBe('Queue · Ladder');
    expect(embed.description!.split('\n')).toEqual([
      '**1v1** · pairs the closest ratings, at most 50 apart at first, widening by 25 a minute up to 400.',
      '',
      '**Waiting (2)**',
      `1. <@${member(1)}> · 1001 · joined <t:${unix(inMinutes(-1))}:R>`,
      `2. <@${member(2)}> · 1002 · joined <t:${unix(inMinutes(-2))}:R>`,
      '',
      '**Playing now:** 1 match',
    ]);
    expect(labels(body)).toEqual(['Join', 'Leave']);
    expect(ids(body)).toEqual(['queue:join:4', 'queue:leave:4']);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body).not.toHaveProperty('content');
    expect(discordRefuses(body)).toEqual([]);
    expect(discordRefuses(body, edit)).toEqual([]);
  });

  it('GIVEN nobody waiting THEN it says so and invites the first', () => {
    const body = queueMessage(aQueueView({ waiting: [] }), AT);
    expect(body.embeds[0]!.description).toContain(
      'Nobody is waiting. Press **Join** to be the first.',
    );
    expect(body.embeds[0]!.description).not.toContain('Playing now');
  });

  it('GIVEN a closed queue THEN its message says so and how it opens again, with no button left to press', () => {
    const body = queueMessage(
      aQueueView({ queue: aQueue({ closedAt: AT }), waiting: [], open: 0 }),
      AT,
    );
    expect(body.components).toEqual([]);
    expect(body.embeds[0]!.description).toContain('This queue is closed');
    expect(body.embeds[0]!.description).toContain('`/queue open`');
    expect(discordRefuses(body)).toEqual([]);
  });

  it('GIVEN a 2v2 League, a fixed-teams board THEN the line says what is played and by what', () => {
    const league = queueMessage(aQueueView({ board: aBoard({ type: 'League', teamSize: 2 }) }), AT);
    expect(league.embeds[0]!.description!.split('\n')[0]).toBe(
      '**2v2** · the most even teams from players whose form ratings (from results) are at most 50 apart at first, widening by 25 a minute up to 400.',
    );
    const teams = queueMessage(
      aQueueView({
        board: aBoard({ fixedTeams: true, teamSize: 3 }),
        waiting: [aWaiter(1, 3, { entrant: 'team:5', name: 'The *Aces*' })],
      }),
      AT,
    );
    const lines = teams.embeds[0]!.description!.split('\n');
    expect(lines[0]).toMatch(/^\*\*Team vs team\*\* · pairs the teams with the closest ratings/);
    // A team by its name, shown literally, with the member who queued it (not pinged).
    expect(lines[3]).toBe(
      `1. **The \\*Aces\\*** (<@${member(1)}>) · 1001 · joined <t:${unix(inMinutes(-3))}:R>`,
    );
  });

  it('GIVEN 200 waiting teams with 100-character names THEN the first 20 are listed, the rest counted, within Discord’s limits', () => {
    const name = `${'W'.repeat(98)}*_`;
    const waiting = Array.from({ length: 200 }, (_, i) =>
      aWaiter(i + 1, 200 - i, { entrant: `team:${i + 1}`, name, rating: 99999 }),
    );
    const body = queueMessage(
      aQueueView({
        board: aBoard({ fixedTeams: true, teamSize: 2, displayName: 'B'.repeat(100) }),
        waiting,
        open: 99,
      }),
      AT,
    );
    const description = body.embeds[0]!.description!;
    expect(description).toContain('**Waiting (200)**');
    expect(description).toContain('20. **');
    expect(description).not.toContain('21. ');
    expect(description).toContain('… and 180 more');
    expect(description).toContain('**Playing now:** 99 matches');
    expect(discordRefuses(body)).toEqual([]);
    expect(discordRefuses(body, edit)).toEqual([]);
  });
});

describe("a queue match's message", () => {
  const playing = (parts = {}) =>
    aQueueMatch({ state: 'playing', reportBy: inMinutes(120), ...parts });

  it('GIVEN its ready check THEN it pings exactly its players, says when the check ends, marks who is ready, Ready / Can’t play / Cancel', () => {
    const view = aQueueMatchView({
      players: [aPlayer(1, 1, { readyAt: AT }), aPlayer(2, 2)],
    });
    const body = queueMatchMessage(view, AT);
    expect(body.content).toBe(
      `<@${member(1)}> <@${member(2)}>: your **Ladder** match is ready. Press **Ready** before the check ends <t:${unix(inMinutes(1))}:R>; whoever has not by then leaves the queue, and the others go back in at their places.`,
    );
    expect(body.allowed_mentions).toEqual({ parse: [], users: [member(1), member(2)] });
    expect(body.embeds[0]!.fields).toEqual([
      { name: 'Team 1 · 62% chance', value: `✅ <@${member(1)}> · 1001`, inline: true },
      { name: 'Team 2 · 38% chance', value: `⏳ <@${member(2)}> · 1002`, inline: true },
    ]);
    expect(labels(body)).toEqual(['Ready', 'Can’t play', 'Cancel (moderators)']);
    expect(ids(body)).toEqual(['qmatch:ready:9', 'qmatch:decline:9', 'qmatch:cancel:9']);
    expect(discordRefuses(body)).toEqual([]);
  });

  it('GIVEN a fixed-teams match THEN the members who queued the teams are pinged, once each, and the teams shown by name', () => {
    const view = aQueueMatchView({
      board: aBoard({ fixedTeams: true, teamSize: 2 }),
      players: [
        aPlayer(1, 1, { entrant: 'team:5' }),
        aPlayer(1, 2, { entrant: 'team:6', joinedBy: chat(2) }),
      ],
      names: new Map([
        ['team:5', 'Aces'],
        ['team:6', 'Kings'],
      ]),
    });
    const body = queueMatchMessage(view, AT);
    expect(body.allowed_mentions.users).toEqual([member(1), member(2)]);
    expect(body.embeds[0]!.fields!.map((f) => f.value)).toEqual([
      `⏳ **Aces** (<@${member(1)}>) · 1001`,
      `⏳ **Kings** (<@${member(2)}>) · 1001`,
    ]);
  });

  it('GIVEN any state THEN its edit pings nobody, with the mentions still readable', () => {
    const states: QueueMatchState[] = ['ready', 'playing', 'reporting', 'reported', 'cancelled'];
    for (const state of states) {
      const view = aQueueMatchView({
        match: aQueueMatch({ state, reportBy: inMinutes(120), reportedBy: chat(1), reason: 'x' }),
      });
      const body = queueMatchEdit(view, AT);
      expect(body.allowed_mentions, state).toEqual({ parse: [] });
      expect(body.content, state).toBeTruthy(); // an edit replaces the ready check's pings
      expect(discordRefuses(body, edit), state).toEqual([]);
      if (state !== 'ready')
        expect(queueMatchMessage(view, AT).allowed_mentions).toEqual({ parse: [] });
    }
  });

  it('GIVEN an ELO match being played THEN the report deadline, each side’s chance, I won / I lost / Draw and Cancel (We on a team board)', () => {
    const body = queueMatchMessage(aQueueMatchView({ match: playing() }), AT);
    const by = unix(inMinutes(120));
    expect(body.content).toBe(
      `Everyone is ready: play your **Ladder** match! Then one of you reports the result with the buttons below (they speak for your side) by <t:${by}:t> (<t:${by}:R>). A match nobody reports in time is cancelled and nothing is recorded.`,
    );
    expect(body.embeds[0]!.fields!.map((f) => f.name)).toEqual([
      'Team 1 · 62% chance',
      'Team 2 · 38% chance',
    ]);
    expect(labels(body)).toEqual(['I won', 'I lost', 'Draw', 'Cancel (moderators)']);
    expect(ids(body)).toEqual([
      'qmatch:won:9',
      'qmatch:lost:9',
      'qmatch:draw:9',
      'qmatch:cancel:9',
    ]);
    const team = queueMatchMessage(
      aQueueMatchView({ match: playing(), board: aBoard({ teamSize: 2 }) }),
      AT,
    );
    expect(labels(team)).toEqual(['We won', 'We lost', 'Draw', 'Cancel (moderators)']);
  });

  it('GIVEN a League match being played THEN Report score (the qscore modal’s button) and Cancel', () => {
    const body = queueMatchMessage(
      aQueueMatchView({ match: playing(), board: aBoard({ type: 'League' }) }),
      AT,
    );
    expect(labels(body)).toEqual(['Report score', 'Cancel (moderators)']);
    expect(ids(body)).toEqual(['qmatch:score:9', 'qmatch:cancel:9']);
    expect(body.content).toContain('presses **Report score** (your side’s score first)');
  });

  it('GIVEN a near-certain match THEN the chances read >99% and <1%, never 100%', () => {
    const body = queueMatchMessage(aQueueMatchView({ predicted: 0.9991 }), AT);
    expect(body.embeds[0]!.fields!.map((f) => f.name)).toEqual([
      'Team 1 · >99% chance',
      'Team 2 · <1% chance',
    ]);
  });

  it('GIVEN a ready check past its deadline THEN no buttons are offered any more', () => {
    const body = queueMatchMessage(aQueueMatchView(), inMinutes(2));
    expect(body.components).toEqual([]);
    expect(body.content).toContain('the ready check of this **Ladder** match is over');
  });

  it('GIVEN a report being sent, then sent THEN who reported, its handle and what happens next, no buttons', () => {
    const reporting = queueMatchMessage(
      aQueueMatchView({ match: playing({ state: 'reporting', reportedBy: chat(1) }) }),
      AT,
    );
    expect(reporting.content).toBe(`<@${member(1)}> is reporting the result…`);
    expect(reporting.components).toEqual([]);
    const reported = (board = aBoard()) =>
      queueMatchMessage(
        aQueueMatchView({
          board,
          match: playing({ state: 'reported', reportedBy: chat(1), submissionId: 44 }),
        }),
        AT,
      );
    expect(reported().content).toBe(
      `Reported by <@${member(1)}> as \`sub_44\`. The moderators review it, as any report on this board.`,
    );
    expect(reported().components).toEqual([]);
    expect(reported(aBoard({ reviewMode: 'opponents' })).content).toContain(
      'The opponents confirm or dispute it, as any report on this board.',
    );
    expect(reported(aBoard({ validationWindowHours: 0 })).content).toContain(
      'It applies at once, as any report on this board.',
    );
  });

  it.each<[string, string]>([
    ['unreported', 'Cancelled: nobody reported the result in time. Nothing was recorded.'],
    ['closed', 'Cancelled: the queue was closed during the ready check. Nothing was recorded.'],
    [
      `not ready: ${chat(2)}`,
      `Cancelled: <@${member(2)}> was not ready. The others are back in the queue at their places.`,
    ],
    [
      `not ready: ${chat(1)} ${chat(2)} team:5`,
      `Cancelled: <@${member(1)}>, <@${member(2)}> and **The \\*Aces\\*** were not ready. The others are back in the queue at their places.`,
    ],
    [`cancelled by ${chat(3)}`, `Cancelled by <@${member(3)}>. Nothing was recorded.`],
    ['cancelled by operator', 'Cancelled by operator. Nothing was recorded.'],
  ])(
    'GIVEN it was cancelled (%s) THEN it reads: %s, with no buttons and no ping',
    (reason, line) => {
      const view = aQueueMatchView({
        match: aQueueMatch({ state: 'cancelled', reason }),
        names: new Map([['team:5', 'The *Aces*']]),
      });
      const body = queueMatchMessage(view, AT);
      expect(body.content).toBe(line);
      expect(body.components).toEqual([]);
      expect(body.allowed_mentions).toEqual({ parse: [] });
    },
  );

  it('GIVEN a 5v5 of teams with 100-character names on a 100-character board THEN every state stays within Discord’s limits', () => {
    const name = `${'N'.repeat(95)}@here`;
    const players = Array.from({ length: 10 }, (_, i) =>
      aPlayer(i + 1, i < 5 ? 1 : 2, { entrant: `team:${i + 1}`, rating: 99999 }),
    );
    const names = new Map(players.map((p) => [p.entrant, name]));
    const board = aBoard({ teamSize: 5, fixedTeams: true, displayName: 'L'.repeat(100) });
    for (const state of ['ready', 'playing', 'reported', 'cancelled'] as const) {
      const reason = `not ready: ${players.map((p) => p.entrant).join(' ')}`;
      const view = aQueueMatchView({
        board,
        players,
        names,
        match: playing({ state, reason, reportedBy: chat(1), submissionId: 9 }),
      });
      expect(discordRefuses(queueMatchMessage(view, AT)), state).toEqual([]);
      expect(discordRefuses(queueMatchEdit(view, AT), edit), state).toEqual([]);
      // A name's @here is text: nothing is parsed for mentions, only the players' ids are pinged.
      expect(queueMatchMessage(view, AT).allowed_mentions.parse).toEqual([]);
    }
  });
});

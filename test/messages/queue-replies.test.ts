import { describe, expect, it } from 'vitest';
import { joinedText, leftText, openedText, statusText } from '../../src/bot/queue-replies';
import { LIMITS } from '../../src/bot/text';
import {
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
 * What /queue and the queue's buttons answer (src/bot/queue-replies.ts), as the member reads it:
 * pure text from the queue use cases' views. No database, no bot.
 */
const unix = (at: Date) => Math.floor(at.getTime() / 1000);

describe('/queue answers', () => {
  it('GIVEN an admin opens a queue THEN the answer says where its message goes and how it matches', () => {
    const text = openedText(aQueue(), aBoard(), true, '900000000000000002');
    expect(text.split('\n')).toEqual([
      'Opened the queue of **Ladder**. Its Join / Leave message is posted in <#900000000000000002> in a moment.',
      "Tally pairs the two closest ratings, within a window of ±50 on joining that widens by 25 a minute up to ±400. Matched players are pinged to press Ready within 60 s (a no-show goes out, the others back in at their places), then have 120 min to report the result from the match's message; it counts as a /match report does.",
    ]);
    const team = openedText(aQueue({ channelId: null }), aBoard({ teamSize: 3 }), false, null);
    expect(team).toContain(
      'Updated the queue of **Ladder**. It has no message yet: give `channel`',
    );
    expect(team).toContain(
      'Once 6 wait, Tally forms 3v3 games split as evenly as the ratings allow',
    );
  });

  it('GIVEN a member or a team joins THEN the answer says where, how many wait, the window and where the ping comes', () => {
    const view = aQueueView();
    expect(joinedText(view, aWaiter(2))).toBe(
      'You are in the queue of **Ladder** (2 waiting). Your rating is 1002; matched within ±50, wider the longer you wait. When you are matched, Tally pings you in <#900000000000000002> to press Ready.',
    );
    const reds = aWaiter(3, 0, { entrant: 'team:5', name: 'Red *Team*' });
    const teams = aQueueView({ waiting: [reds], queue: aQueue({ channelId: null }) });
    expect(joinedText(teams, reds)).toBe(
      '**Red \\*Team\\*** is in the queue of **Ladder** (1 waiting). Its rating is 1003; matched within ±50, wider the longer it waits.',
    );
    const unnamed = { ...reds, name: null };
    expect(joinedText(aQueueView({ waiting: [unnamed] }), unnamed)).toMatch(/^team_5 is in/);
    expect(leftText(aQueueView(), 'en-US')).toBe('You left the queue of **Ladder** (2 waiting).');
  });

  it('GIVEN members in other languages leave THEN the answer speaks theirs (issue 32), English for a language Tally lacks', () => {
    const one = aQueueView({ waiting: [aWaiter(1)] });
    expect(leftText(aQueueView(), 'de')).toBe(
      'Du hast die Warteschlange von **Ladder** verlassen (2 warten).',
    );
    expect(leftText(one, 'de')).toBe(
      'Du hast die Warteschlange von **Ladder** verlassen (1 wartet).',
    );
    expect(leftText(aQueueView(), 'es-419')).toBe(
      'Saliste de la cola de **Ladder** (2 en espera).',
    );
    expect(leftText(aQueueView(), 'pt-BR')).toBe('Você saiu da fila de **Ladder** (2 aguardando).');
    expect(leftText(null, 'es-ES')).toBe('Saliste de la cola.');
    expect(leftText(aQueueView(), 'fr')).toBe('You left the queue of **Ladder** (2 waiting).');
    expect(leftText(null, null)).toBe('You left the queue.');
  });

  it('GIVEN a member waits and another plays THEN /queue status says where each stands and lists who waits', () => {
    const waiting = statusText({
      member: chat(1),
      mine: aQueueView({ open: 1 }),
      match: null,
      board: null,
    });
    expect(waiting.split('\n')).toEqual([
      `You wait in the queue of **Ladder** since <t:${unix(new Date(AT.getTime() - 60_000))}:R>: rating 1001, matched within ±50 now (up to ±400).`,
      '',
      'Queue of **Ladder** (2 waiting, 1 open match):',
      `<@${member(1)}> — 1001, ±50, since <t:${unix(new Date(AT.getTime() - 60_000))}:R>`,
      `<@${member(2)}> — 1002, ±50, since <t:${unix(new Date(AT.getTime() - 120_000))}:R>`,
    ]);
    const reportBy = new Date(AT.getTime() + 3_600_000);
    const playing = statusText({
      member: chat(1),
      mine: null,
      match: aQueueMatchView({ match: aQueueMatch({ state: 'playing', reportBy }) }),
      board: aQueueView({ waiting: [] }),
    });
    expect(playing.split('\n')).toEqual([
      'You are not waiting in any queue.',
      `Your match on **Ladder** in <#900000000000000002>: being played; report it by <t:${unix(reportBy)}:R>.`,
      '',
      'Queue of **Ladder** (0 waiting, 0 open matches):',
      'Nobody waits.',
    ]);
  });

  it('GIVEN a long queue THEN status lists the first 15 and counts the rest, within a message', () => {
    const many = Array.from({ length: 40 }, (_, i) => aWaiter(i + 1));
    const text = statusText({
      member: chat(99),
      mine: null,
      match: null,
      board: aQueueView({ waiting: many }),
    });
    expect(text.split('\n').at(-1)).toBe('… and 25 more');
    expect(text.length).toBeLessThanOrEqual(LIMITS.content);
  });
});

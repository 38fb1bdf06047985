import { describe, expect, it } from 'vitest';
import type { QueueMatchState } from '../../entities/queue';
import {
  entryNotice,
  entryPost,
  entryReviewMessage,
  finalPost,
  voteAnswer,
} from '../../src/bot/contest-message';
import {
  queueMatchMessage,
  queueMessage,
  type QueueMessageBody,
} from '../../src/bot/queue-message';
import { queueScoreModal } from '../../src/bot/queue-score-modal';
import { discordRefuses } from '../support/discord-check';
import { aContestEntry, aRatingBoard, someSettings } from '../support/entry-views';
import {
  aQueue,
  aQueueMatch,
  aQueueMatchView,
  aQueueView,
  aWaiter,
  chat,
} from '../support/queue-views';
import { aBoard, AT } from '../support/views';

/**
 * Queue and contest layouts in every shipped language (issue 32): each stays within what Discord
 * takes (lengths, button labels, the modal's 45-character title and label), and each language
 * other than English says it in its own words, buttons included; an unshipped locale reads
 * English.
 */
const LOCALES = ['en-US', 'es-ES', 'es-419', 'pt-BR', 'de', 'fr'] as const;
const inMinutes = (m: number) => new Date(AT.getTime() + m * 60_000);
const STATES: QueueMatchState[] = ['ready', 'playing', 'reporting', 'reported', 'cancelled'];
const REASONS = [
  'unreported',
  'closed',
  `not ready: ${chat(1)} ${chat(2)}`,
  `cancelled by ${chat(3)}`,
];
const BOARDS = [
  aBoard(),
  aBoard({ type: 'League' }),
  aBoard({ teamSize: 2 }),
  aBoard({ fixedTeams: true, teamSize: 2 }),
];

const labels = (body: QueueMessageBody) =>
  body.components.flatMap((row) => row.components.map((c) => ('label' in c ? c.label : '')));

describe('queue and contest layouts in each language', () => {
  it.each(LOCALES)(
    'GIVEN %s THEN every queue message and match message is one Discord takes',
    (locale) => {
      for (const board of BOARDS) {
        const view = aQueueView({
          board,
          waiting: Array.from({ length: 30 }, (_, i) => aWaiter(i + 1)),
          open: 3,
        });
        expect(discordRefuses(queueMessage(view, AT, locale)), board.type).toEqual([]);
        const closed = aQueueView({ board, queue: aQueue({ closedAt: AT }) });
        expect(discordRefuses(queueMessage(closed, AT, locale))).toEqual([]);
        for (const state of STATES) {
          for (const reason of REASONS) {
            const match = aQueueMatch({
              state,
              reason,
              readyBy: inMinutes(1),
              reportBy: inMinutes(120),
              reportedBy: chat(1),
              submissionId: 7,
            });
            const body = queueMatchMessage(aQueueMatchView({ board, match }), AT, locale);
            expect(discordRefuses(body), `${board.type} ${state} ${reason}`).toEqual([]);
          }
        }
      }
    },
  );

  it.each(LOCALES)('GIVEN %s THEN Report score’s form fits Discord’s 45 characters', (locale) => {
    const modal = queueScoreModal(12, locale);
    const [row] = modal.components as { components: { label: string }[] }[];
    expect(modal.title.length).toBeLessThanOrEqual(45);
    expect(row!.components[0]!.label.length).toBeLessThanOrEqual(45);
  });

  it.each(LOCALES)(
    'GIVEN %s THEN an entry’s post, its end, its review message and the author’s DM are ones Discord takes',
    (locale) => {
      const board = aRatingBoard();
      const entry = aContestEntry(12, {
        title: 'Sunset',
        votes: 7,
        voteSum: 60,
        reason: 'Off topic',
      });
      const settings = someSettings({ votingUntil: inMinutes(600) });
      for (const body of [
        entryPost(entry, board, settings, AT, locale),
        finalPost({ ...entry, finalRank: 2 }, board, locale),
        entryReviewMessage({ ...entry, status: 'pending' }, board, locale),
        entryReviewMessage({ ...entry, status: 'removed' }, board, locale),
      ]) {
        expect(discordRefuses(body)).toEqual([]);
      }
      expect(entryNotice({ ...entry, status: 'removed' }, board, locale)).toContain('Off topic');
    },
  );

  it('GIVEN German, Spanish and Portuguese THEN the buttons and words are their own; French reads English', () => {
    const view = aQueueMatchView({ match: aQueueMatch({ state: 'ready', readyBy: inMinutes(1) }) });
    const said = (locale: string) => labels(queueMatchMessage(view, AT, locale));
    expect(said('en-US')).toEqual(['Ready', 'Can’t play', 'Cancel (moderators)']);
    expect(said('de')).toEqual(['Bereit', 'Kann nicht spielen', 'Abbrechen (Moderation)']);
    expect(said('es-419')).toEqual(['Listo', 'No puedo jugar', 'Cancelar (moderación)']);
    expect(said('pt-BR')).toEqual(['Pronto', 'Não posso jogar', 'Cancelar (moderação)']);
    expect(said('fr')).toEqual(said('en-US'));
    const queue = aQueueView();
    expect(labels(queueMessage(queue, AT, 'de'))).toEqual(['Beitreten', 'Verlassen']);
    expect(labels(queueMessage(queue, AT, 'es-ES'))).toEqual(['Unirse', 'Salir']);
    expect(labels(queueMessage(queue, AT, 'pt-BR'))).toEqual(['Entrar', 'Sair']);
  });

  it('GIVEN an ended entry THEN its average is written as each language writes decimals', () => {
    const entry = { ...aContestEntry(3, { votes: 7, voteSum: 60 }), finalRank: 2 };
    const footer = (locale: string) =>
      finalPost(entry, aRatingBoard(), locale).embeds[0]!.footer!.text;
    expect(footer('en-US')).toBe('Final rank #2 · avg 8.57 · 7 votes');
    expect(footer('de')).toMatch(/^Endplatz #2 · Ø 8,57 · /);
    expect(footer('pt-BR')).toMatch(/^Posição final #2 · média 8,57 · /);
    expect(footer('es-ES')).toMatch(/^Puesto final #2 · media 8,57 · /);
  });

  it('GIVEN a vote changed THEN the voter reads what it was, in their language', () => {
    const entry = aContestEntry(3, { title: 'Dusk' });
    expect(voteAnswer(entry, 9, 4, 'de')).toBe(
      'Deine Stimme für „Dusk“: **9**/10 (vorher 4). Drück jederzeit eine andere Zahl, um sie zu ändern.',
    );
    expect(voteAnswer(entry, 9, 9, 'pt-BR')).toContain('**9**/10 (sem mudança)');
    expect(voteAnswer(entry, 9, null, 'fr')).toBe(
      'Your vote on "Dusk": **9**/10. Press another number any time to change it.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { adjustModal, declineModal } from '../../src/bot/adjust-modal';
import { confirmMessage } from '../../src/bot/confirm-message';
import { decisionNotice } from '../../src/bot/decision-notice';
import { reviewMessage } from '../../src/bot/review-message';
import { submittedText } from '../../src/bot/submit-reply';
import { WITHDRAWN } from '../../src/pipeline/confirm';
import { EXPIRY_REASON } from '../../src/pipeline/review';
import { reviewOutcome } from '../../src/pipeline/review-view';
import { discordRefuses } from '../support/discord-check';
import { aBoard, aMatchReview, aRoster, aScore, aSubmission } from '../support/views';

/**
 * The review part's layouts in every shipped language and one that is not (issue 32), from the
 * views alone: each message stays within Discord's limits whatever the language, a form's title
 * and labels within Modal's (45 characters, placeholders 100: Discord refuses the form
 * otherwise), and French reads exactly what English reads.
 */
const LOCALES = ['en-US', 'es-ES', 'es-419', 'pt-BR', 'de', 'fr'] as const;
/** The longest handle a form may carry: Tally's ids are 64-bit. */
const LONG = 'sub_9223372036854775807';

/** A form's text inputs: each row holds one (src/bot/adjust-modal.ts). */
const modalTexts = (modal: ReturnType<typeof adjustModal>) =>
  modal.components.flatMap((row) =>
    'components' in row
      ? row.components.map((input) => ({
          label: 'label' in input ? (input.label ?? '') : '',
          placeholder: 'placeholder' in input ? (input.placeholder ?? '') : '',
        }))
      : [],
  );

describe('the review part in every language', () => {
  const pending = aMatchReview(aRoster([['Ann', 1000, null]], [['Bo', 1016, null]]));
  const league = aMatchReview(aRoster([['Ann', null, null]], [['Bo', null, null]]), {
    board: aBoard({ type: 'League' }),
    match: { team1Score: 3, team2Score: 1 },
  });
  const time = {
    handle: LONG,
    board: aBoard({ type: 'Time' }),
    submission: aSubmission({ kind: 'score', matchPk: null, scorePk: 5 }),
    record: { kind: 'score' as const, score: aScore({ score: 62_500 }) },
  };

  it.each(LOCALES)('GIVEN %s THEN every form fits Discord’s Modal limits', (locale) => {
    const forms = [
      adjustModal({ ...pending, handle: LONG }, locale),
      adjustModal({ ...league, handle: LONG }, locale),
      adjustModal(time, locale),
      declineModal(LONG, locale),
    ];
    for (const form of forms) {
      expect(form.title.length, form.title).toBeLessThanOrEqual(45);
      expect(form.title).toContain(LONG);
      for (const { label, placeholder } of modalTexts(form)) {
        expect(label.length, label).toBeGreaterThan(0);
        expect(label.length, label).toBeLessThanOrEqual(45);
        expect(placeholder.length, placeholder).toBeLessThanOrEqual(100);
      }
    }
  });

  it.each(LOCALES)(
    'GIVEN %s THEN the review and confirmation messages are ones Discord takes',
    (locale) => {
      const opponents = aMatchReview(aRoster([['Ann', 1000, null]], [['Bo', 1000, null]]), {
        board: aBoard({ reviewMode: 'opponents' }),
        submission: {
          status: 'pending_review',
          payload: {
            kind: 'match',
            team1: [
              { kind: 'chat', id: 'chat:111111111111111111', snowflake: '111111111111111111' },
            ],
            team2: [
              { kind: 'chat', id: 'chat:222222222222222222', snowflake: '222222222222222222' },
            ],
            winner: 'team1',
          },
          confirmState: 'awaiting',
          confirmDueAt: new Date('2026-11-27T18:00:00Z'),
          confirmChannelId: '900000000000000002',
        },
      });
      for (const body of [reviewMessage(pending, locale), reviewMessage(time, locale)]) {
        expect(discordRefuses(body)).toEqual([]);
      }
      const asked = confirmMessage(opponents, locale);
      expect(discordRefuses(asked)).toEqual([]);
      expect(asked.components[0]?.components).toHaveLength(3);
    },
  );

  it('GIVEN French THEN every layout reads exactly as English (Tally ships no French)', () => {
    const decided = aMatchReview(aRoster([['Ann', 1000, 16]], [['Bo', 1016, -16]]), {
      match: { status: 'approved', reviewedBy: 'chat:222222222222222222' },
      submission: { status: 'approved' },
    });
    const board = aBoard();
    for (const draw of [
      (l: string | null) => JSON.stringify(reviewMessage(pending, l)),
      (l: string | null) => JSON.stringify(reviewMessage(decided, l)),
      (l: string | null) => JSON.stringify(confirmMessage(decided, l)),
      (l: string | null) => decisionNotice(decided, l),
      (l: string | null) => JSON.stringify(declineModal('sub_1', l)),
      (l: string | null) =>
        submittedText(
          board,
          { submission: pending.submission, handle: pending.handle, settled: null },
          l,
        ),
    ]) {
      expect(draw('fr')).toBe(draw(null));
    }
    expect(decisionNotice(decided, 'fr')).toBe(
      'Your match #3 on **Ladder** (sub_12) was approved by <@222222222222222222>; it is on the leaderboard.',
    );
  });

  it('GIVEN an approved match THEN the submitter’s DM says it in German, Spanish and Portuguese', () => {
    const decided = aMatchReview(aRoster([['Ann', 1000, 16]], [['Bo', 1016, -16]]), {
      match: { status: 'approved', reviewedBy: 'chat:222222222222222222' },
      submission: { status: 'approved' },
    });
    const who = '<@222222222222222222>';
    expect(decisionNotice(decided, 'de')).toBe(
      `Dein Match Nr. 3 in **Ladder** (sub_12) wurde von ${who} angenommen; es zählt jetzt in der Tabelle.`,
    );
    expect(decisionNotice(decided, 'es-419')).toBe(
      `Tu partida n.º 3 en **Ladder** (sub_12) fue aprobada por ${who}; ya cuenta en la clasificación.`,
    );
    expect(decisionNotice(decided, 'pt-BR')).toBe(
      `Sua partida nº 3 em **Ladder** (sub_12) foi aprovada por ${who}; já conta na classificação.`,
    );
  });

  it('GIVEN Tally’s own reasons (a withdrawal, an expiry) THEN they read in the language; a moderator’s reason stays as written', () => {
    const declined = (failureReason: string) =>
      aMatchReview(aRoster([['Ann', 1000, null]], [['Bo', 1016, null]]), {
        match: { status: 'rejected', reviewedBy: 'chat:111111111111111111' },
        submission: { status: 'rejected', failureReason },
      });
    const naming = { member: (id: string) => `<@${id}>`, text: (x: string) => x };
    const who = '<@111111111111111111>';
    expect(reviewOutcome(declined(WITHDRAWN), naming)).toBe(
      `Declined by ${who}: withdrawn by the member who reported it. Nothing was applied.`,
    );
    expect(reviewOutcome(declined(WITHDRAWN), naming, 'de')).toBe(
      `Abgelehnt von ${who}: vom meldenden Mitglied zurückgezogen. Es wurde nichts gewertet.`,
    );
    expect(reviewOutcome(declined(EXPIRY_REASON), naming, 'es-ES')).toBe(
      `Rechazado por ${who}: el plazo de revisión terminó sin una decisión. No se aplicó nada.`,
    );
    expect(reviewOutcome(declined('Falsche Seite'), naming, 'pt-BR')).toBe(
      `Recusado por ${who}: Falsche Seite. Nada foi aplicado.`,
    );
  });
});

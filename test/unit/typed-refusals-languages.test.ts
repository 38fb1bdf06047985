import { describe, expect, it } from 'vitest';
import { parseCorrection } from '../../src/domain/correction';
import { TallyError, toldIn } from '../../src/domain/errors';
import { declineReason, evidenceFile, evidenceLink } from '../../src/domain/evidence';
import { parseScoreText } from '../../src/domain/score-text';

/**
 * Issue 32: what a member typed and the domain refuses (a score, a correction, an evidence link,
 * a decline reason) is told in the member's language, while the API's detail stays the English
 * it was; an unshipped locale reads that English.
 */
function refusal(run: () => unknown): TallyError {
  try {
    run();
  } catch (err) {
    if (err instanceof TallyError) return err;
    throw err;
  }
  throw new Error('not refused');
}

const cases: [string, () => unknown, string, string][] = [
  [
    'a time that is not one',
    () => parseScoreText('Time', '1m30'),
    'score: "1m30" is not a time; use m:ss.mmm or h:mm:ss.mmm',
    'score: „1m30“ ist keine Zeit; schreib m:ss.mmm oder h:mm:ss.mmm',
  ],
  [
    'a time below zero',
    () => parseScoreText('Time', '-0:01.000'),
    'score: "-0:01.000" is below zero, and a time cannot be; give how long it took, such as 1:30.250',
    'score: „-0:01.000“ ist kleiner als null, und eine Zeit kann das nicht sein; gib an, wie lange es gedauert hat, etwa 1:30.250',
  ],
  [
    'a score that is not a whole number',
    () => parseScoreText('Highscore', '12.5'),
    'score: "12.5" is not a whole number',
    'score: „12.5“ ist keine ganze Zahl',
  ],
  [
    'an ELO correction without a winner',
    () => parseCorrection({ type: 'ELO' }, {}),
    'winner: a ELO result needs the winner (team1, team2 or draw)',
    'winner: Ein ELO-Ergebnis braucht den Sieger (team1, team2 oder draw)',
  ],
  [
    'a League correction without a scoreline',
    () => parseCorrection({ type: 'League' }, { scoreline: 'three' }),
    'score: a League result needs the scoreline, team 1 first (3-1)',
    'score: Ein League-Ergebnis braucht das Ergebnis, Team 1 zuerst (3-1)',
  ],
  [
    'a Time correction without a value',
    () => parseCorrection({ type: 'Time' }, {}),
    'value: a Time result needs a time (m:ss.mmm)',
    'value: Ein Time-Ergebnis braucht eine Zeit (m:ss.mmm)',
  ],
  [
    'a link that is no address',
    () => evidenceLink('clip of the match'),
    'evidence_link: give a full web address starting with https://',
    'evidence_link: Gib eine vollständige Webadresse an, die mit https:// beginnt',
  ],
  [
    'a link of another scheme',
    () => evidenceLink('ftp://example.com/clip'),
    'evidence_link: only http:// and https:// addresses are accepted',
    'evidence_link: Nur http://- und https://-Adressen werden angenommen',
  ],
  [
    'a link too long',
    () => evidenceLink(`https://example.com/${'a'.repeat(600)}`),
    'evidence_link: at most 500 characters',
    'evidence_link: höchstens 500 Zeichen',
  ],
  [
    'a file whose address is too long',
    () => evidenceFile({ url: `https://cdn/${'a'.repeat(2000)}`, contentType: null, width: null }),
    'evidence: the file’s name is too long; rename it and attach it again',
    'evidence: Der Dateiname ist zu lang; benenne die Datei um und hänge sie erneut an',
  ],
  [
    'a decline reason too long',
    () => declineReason('x'.repeat(301)),
    'reason: at most 300 characters',
    'reason: höchstens 300 Zeichen',
  ],
];

describe('what a member typed, refused in their language', () => {
  it.each(cases)(
    'GIVEN %s THEN the API reads English and a German member German',
    (_, run, english, german) => {
      const err = refusal(run);
      expect(err.code).toBe('invalid_request');
      expect(err.detail).toBe(english);
      expect(toldIn(err, 'de')).toBe(german);
      expect(toldIn(err, 'fr')).toBe(english);
      expect(toldIn(err, 'en-US')).toBe(english);
    },
  );

  it('GIVEN Spanish and Brazilian Portuguese members THEN each reads their own language', () => {
    const err = refusal(() => parseScoreText('Highscore', 'ten'));
    expect(toldIn(err, 'es-419')).toBe('score: «ten» no es un número entero');
    expect(toldIn(err, 'pt-BR')).toBe('score: "ten" não é um número inteiro');
  });
});

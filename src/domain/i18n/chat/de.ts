import type { Shape } from '../shape';
import type { chat as source } from './en';

export const chat: Shape<typeof source> = {
  upload: {
    tooLarge:
      'Die Datei ist größer als {{mb, number}} MB; schick ein kleineres Bild. Es wurde nichts eingereicht.',
    unreachable:
      'Tally konnte die Datei gerade nicht von Discord herunterladen; versuch es noch einmal. Es wurde nichts eingereicht.',
  },
  date: {
    invalid: '{{option}}: ein Datum wie 2026-12-31 oder 2026-12-31 18:00 (UTC), nicht {{given}}',
  },
  typed: {
    notTime: 'score: „{{text}}“ ist keine Zeit; schreib m:ss.mmm oder h:mm:ss.mmm',
    belowZero:
      'score: „{{text}}“ ist kleiner als null, und eine Zeit kann das nicht sein; gib an, wie lange es gedauert hat, etwa 1:30.250',
    notWhole: 'score: „{{text}}“ ist keine ganze Zahl',
    needWinner: 'winner: Ein {{type}}-Ergebnis braucht den Sieger (team1, team2 oder draw)',
    needScoreline: 'score: Ein {{type}}-Ergebnis braucht das Ergebnis, Team 1 zuerst (3-1)',
    needTime: 'value: Ein {{type}}-Ergebnis braucht eine Zeit (m:ss.mmm)',
    needScore: 'value: Ein {{type}}-Ergebnis braucht eine Punktzahl',
    linkTooLong: 'evidence_link: höchstens {{max}} Zeichen',
    linkNotAddress: 'evidence_link: Gib eine vollständige Webadresse an, die mit https:// beginnt',
    linkScheme: 'evidence_link: Nur http://- und https://-Adressen werden angenommen',
    linkSpaces: 'evidence_link: Eine Webadresse enthält keine Leerzeichen',
    fileName: 'evidence: Der Dateiname ist zu lang; benenne die Datei um und hänge sie erneut an',
    reasonTooLong: 'reason: höchstens {{max}} Zeichen',
  },
};

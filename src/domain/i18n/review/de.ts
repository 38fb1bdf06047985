import type { Shape } from '../shape';
import type { review as source } from './en';

/**
 * Meldungen, Prüfungen, Bestätigungen und Korrekturen auf Deutsch: du, «Rangliste» für ein
 * Board, «Tabelle» für ihre Standings, «Einsendung» für eine Submission, «Meldung» für einen
 * Match Report, «Gegner» für Opponents, «Moderation» für die Moderatoren als Gruppe und Discords
 * eigene Begriffe («Server verwalten», DM).
 */
export const review: Shape<typeof source> = {
  submit: {
    applied:
      'In {{board}} eingetragen und gewertet ({{handle}}). `/leaderboard board:{{boardId}}` zeigt die Tabelle.',
    failed: '{{handle}} wurde nicht eingetragen: {{reason}}.',
    failedReason: 'es ist fehlgeschlagen',
    pending: 'Bei {{board}} als {{handle}} eingereicht. {{next}}',
    queuedApplies:
      'Bei {{board}} als {{handle}} eingereicht; es steht in der Warteschlange und wird gleich gewertet.',
    queuedReview:
      'Bei {{board}} als {{handle}} eingereicht; es steht in der Warteschlange und geht gleich zur Prüfung.',
    awaiting: 'Bei {{board}} als {{handle}} gemeldet. {{next}}',
    awaitingCounts:
      'Es zählt, sobald ein Gegner es bestätigt; Tally fragt gleich hier nach. Antwortet innerhalb von {{hours}} h niemand, zählt es trotzdem.',
    awaitingEscalates:
      'Es zählt, sobald ein Gegner es bestätigt; Tally fragt gleich hier nach. Antwortet innerhalb von {{hours}} h niemand, entscheidet die Moderation.',
    expiresBy: 'Entscheidet bis {{when}} niemand, verfällt es.',
    sentToOwner:
      'Es wurde dem Besitzer der Rangliste per DM zur Prüfung geschickt; es zählt, sobald er es annimmt.',
    postedIn: 'Zur Prüfung in {{channel}} gepostet; es zählt, sobald die Moderation es annimmt.',
    noChannel:
      'Es wartet auf Prüfung; diese Rangliste hat keinen Moderationskanal, deshalb entscheidet ein Betreiber mit `tally review`.',
    evidenceRequired:
      '{{board}} verlangt bei jeder Meldung einen Nachweis: Hänge mit der Option `evidence` einen Screenshot an oder gib mit `evidence_link` einen Link an (zum Beispiel zu einem Video). Es wurde nichts eingereicht.',
    scorelineNeeded: 'score: Ein Liga-Match braucht das Ergebnis, deine Seite zuerst (3-1)',
    resultNeeded:
      'result: Gib an, ob deine Seite gewonnen, verloren oder unentschieden gespielt hat',
  },
  message: {
    title: 'Prüfung: {{board}}',
    titleDone: 'Geprüft: {{board}}',
    team: 'Team {{n}}',
    score: 'Ergebnis',
    player: 'Spieler',
    evidence: 'Nachweis',
    evidenceFile: 'Nachweisdatei',
    evidenceImage: 'das angehängte Bild, unten zu sehen',
    submittedBy: 'Eingereicht von',
    theApi: 'der API',
    expires: 'Verfällt',
    neverExpires: 'nie (keine Prüffrist)',
    outcome: 'Entscheidung',
    footer: '{{handle}} · Rangliste {{boardId}}',
    footerMatch: '{{handle}} · Match Nr. {{number}} · Rangliste {{boardId}}',
    approve: 'Annehmen',
    decline: 'Ablehnen',
    adjust: 'Korrigieren',
  },
  outcome: {
    adjusted: 'Korrigiert {{reviewer}} auf das gezeigte Ergebnis; es zählt jetzt in der Tabelle.',
    removedLater: 'Angenommen {{reviewer}}; später entfernt {{corrector}}: es zählt nicht mehr.',
    correctedLater:
      'Angenommen {{reviewer}}; später korrigiert {{corrector}} auf das gezeigte Ergebnis: es zählt wie gezeigt.',
    approved: 'Angenommen {{reviewer}}; es zählt jetzt in der Tabelle.',
    expired:
      'Verfallen: Innerhalb der Prüffrist hat niemand aus der Moderation entschieden. Es wurde nichts gewertet.',
    declinedBecause: 'Abgelehnt {{reviewer}}: {{reason}}. Es wurde nichts gewertet.',
    declined: 'Abgelehnt {{reviewer}}. Es wurde nichts gewertet.',
  },
  reason: {
    withdrawn: 'vom meldenden Mitglied zurückgezogen',
    expired: 'die Prüffrist ist ohne Entscheidung abgelaufen',
  },
  reviewer: {
    member: 'von {{member}}',
    auto: 'automatisch (kein Gegner hat rechtzeitig geantwortet)',
    cli: 'über die Betreiber-CLI',
    operator: 'von einem Serverbetreiber',
    other: 'von {{name}}',
  },
  notice: {
    match: 'Dein Match Nr. {{number}} in {{board}} ({{handle}})',
    score: 'Dein Ergebnis von {{score}} in {{board}} ({{handle}})',
    adjusted:
      '{{subject}} wurde {{reviewer}} korrigiert und angenommen; es zählt in der Tabelle wie korrigiert.',
    approved: '{{subject}} wurde {{reviewer}} angenommen; es zählt jetzt in der Tabelle.',
    expired:
      '{{subject}} ist verfallen: Innerhalb der Prüffrist der Rangliste hat niemand aus der Moderation entschieden. Es wurde nichts eingetragen; du kannst es noch einmal melden.',
    declinedBecause:
      '{{subject}} wurde {{reviewer}} abgelehnt: {{reason}}\nEs wurde nichts eingetragen.',
    declined: '{{subject}} wurde {{reviewer}} abgelehnt. Es wurde nichts eingetragen.',
  },
  blocked: {
    cannotPost:
      'Tally kann für {{board}} ({{boardId}}) auf {{server}} keine Prüfnachrichten posten: {{reason}}.',
    whatNow:
      'Einsendungen an diese Rangliste warten weiter; es geht nichts verloren. Korrigiere die Kanalberechtigungen für Tally oder wähle mit `/board edit board:{{boardId}} moderator_channel:…` einen anderen Kanal, dann werden die wartenden Prüfungen gepostet. Bis dahin kann ein Betreiber sie mit `tally review` entscheiden.',
  },
  confirm: {
    title: 'Match-Meldung: {{board}}',
    asked:
      '{{opponents}}: {{reporter}} hat dieses Match gemeldet. Stimmt es, drück auf **Bestätigen**; wenn nicht, auf **Anfechten**, dann entscheidet die Moderation.',
    byCounts: 'Antwortet bis {{when}} ({{relative}}) niemand, gilt es als bestätigt.',
    byEscalates: 'Antwortet bis {{when}} ({{relative}}) niemand, geht es an die Moderation.',
    withdrawUntil: '{{reporter}} kann bis dahin auf **Zurückziehen** drücken.',
    confirm: 'Bestätigen',
    dispute: 'Anfechten',
    withdraw: 'Zurückziehen',
    team: '**Team {{n}}**{{result}}: {{names}}',
    score: 'Ergebnis: {{team1}} – {{team2}}',
    confirmed: '✅ Bestätigt von {{who}}; es zählt jetzt in der Tabelle.',
    anOpponent: 'einem Gegner',
    auto: '✅ Automatisch bestätigt: Kein Gegner hat innerhalb von {{hours}} h geantwortet. Es zählt jetzt in der Tabelle.',
    withdrawn: '↩️ Zurückgezogen von {{who}}; es wurde nichts gewertet.',
    theReporter: 'dem Mitglied, das es gemeldet hat',
    disputed: '⚖️ Angefochten von {{who}}. {{decided}}',
    escalated: '⏳ Kein Gegner hat innerhalb von {{hours}} h geantwortet. {{decided}}',
    modsApproved: 'Die Moderation hat es angenommen; es zählt jetzt in der Tabelle.',
    modsDeclined: 'Die Moderation hat es nicht angenommen ({{reason}}); es wurde nichts gewertet.',
    declinedReason: 'abgelehnt',
    modsDecideIn: 'Die Moderation entscheidet darüber in {{channel}}.',
    modsDecideCli:
      'Die Moderation entscheidet darüber mit `tally review` (diese Rangliste hat keinen Moderationskanal).',
    aModApproved: 'Ein Moderator hat es angenommen; es zählt jetzt in der Tabelle.',
    notApproved: 'Es wurde nicht angenommen; es wurde nichts gewertet.',
  },
  answer: {
    notOurs: 'Dieser Button gehört nicht zu Tally.',
    notAReport: '{{handle}} ist keine Match-Meldung dieses Servers; es wurde nichts geändert.',
    refused: '{{refusal}} Es wurde nichts geändert.',
    onlyReporter: 'Nur wer dieses Match gemeldet hat, kann es zurückziehen.',
    youReported:
      'Du hast dieses Match gemeldet, also muss ein Gegner es bestätigen oder anfechten. Du kannst es stattdessen zurückziehen.',
    onlyOpponents:
      'Nur jemand von der anderen Seite dieses Matches kann es bestätigen oder anfechten.',
    notChanged: 'Es wurde nichts geändert: {{detail}}',
    failed:
      'Tally konnte das gerade nicht speichern; es wurde nichts geändert. Versuch es gleich noch einmal.',
  },
  already: {
    confirmed: '{{handle}} wurde schon bestätigt.',
    confirmedBy: '{{handle}} wurde schon von {{member}} bestätigt.',
    auto: '{{handle}} wurde automatisch bestätigt, als seine Frist ablief.',
    disputed: '{{handle}} wurde angefochten; jetzt entscheidet die Moderation.',
    disputedBy: '{{handle}} wurde von {{member}} angefochten; jetzt entscheidet die Moderation.',
    escalated: '{{handle}} ging an die Moderation, als seine Frist ablief.',
    withdrawn: '{{handle}} wurde von dem Mitglied zurückgezogen, das es gemeldet hat.',
    notWaiting: '{{handle}} wartet nicht mehr auf die Gegner (Status: `{{status}}`).',
    gone: '{{handle}} gibt es nicht mehr',
    noReport: 'keine Meldung {{handle}}, die auf ihre Gegner wartet',
  },
  press: {
    notOurs: 'Dieser Button ist keiner von Tallys Prüf-Buttons.',
    notOurForm: 'Dieses Formular gehört nicht zu Tally.',
    alreadyDecided: '{{handle}} wurde schon entschieden; es wurde nichts geändert.',
    notChanged: 'Es wurde nichts geändert: {{detail}}',
    notHere: '{{handle}} ist keine Einsendung dieses Servers.',
    mayNotReview:
      'Nur Mitglieder mit der Berechtigung „Server verwalten“ oder der Moderationsrolle der Rangliste können Einsendungen prüfen.',
    recorded: 'Gespeichert.',
    notRecorded: 'Deine Entscheidung wurde nicht gespeichert: {{detail}}.',
    failed:
      'Tally konnte diese Entscheidung nicht speichern; es wurde nichts geändert. Versuch es gleich noch einmal.',
  },
  decide: {
    noSubmission: 'keine Einsendung {{handle}}',
    boardGone: 'die Rangliste von {{handle}} gibt es nicht mehr',
    seasonClosing:
      'die Saison der Rangliste ist gerade zu Ende gegangen und vor ihrem Ende eingereichte Ergebnisse werden noch eingetragen; versuch {{handle}} in ein paar Sekunden noch einmal',
    notPending: '{{handle}} wartet nicht auf Prüfung (Status: `{{status}}`)',
    badHandle: 'ein Handle hat die Form sub_<n>',
    noHandle: 'Keine Einsendung {{handle}}',
    expired:
      '{{handle}} ist am {{when}} verfallen, als seine Prüffrist ablief; es wurde abgelehnt und nichts gewertet',
  },
  modal: {
    adjustTitle: '{{handle}} korrigieren',
    declineTitle: '{{handle}} ablehnen',
    time: 'Zeit (m:ss.mmm)',
    score: 'Ergebnis',
    team1Score: 'Ergebnis Team 1',
    team2Score: 'Ergebnis Team 2',
    winner: 'Sieger: team1, team2 oder draw',
    reason: 'Grund (optional, sieht der Einsender)',
    reasonPlaceholder: 'z. B. der Screenshot zeigt ein anderes Ergebnis',
  },
  list: {
    mayNotListAny:
      'Nur Mitglieder mit der Berechtigung „Server verwalten“ oder der Moderationsrolle einer Rangliste können Einsendungen sehen, die auf Prüfung warten.',
    mayNotList:
      'Nur Mitglieder mit der Berechtigung „Server verwalten“ oder der Moderationsrolle der Rangliste können Einsendungen sehen, die auf Prüfung warten.',
    nothing: 'Nichts wartet auf Prüfung. 🎉',
    nothingOn: 'In {{board}} wartet nichts auf Prüfung. 🎉',
    more: '…und {{more}} weitere. Die ganze Liste: `tally review list {{owner}}{{board}}` auf dem Rechner, auf dem Tally läuft.',
    title: 'Warten auf Prüfung: {{total}}',
    footer: 'Älteste zuerst. Annehmen oder ablehnen in der jeweiligen Prüfnachricht.',
    by: 'von {{who}}',
    submitted: 'eingereicht {{when}}',
    neverExpires: 'verfällt nie',
    expires: 'verfällt {{when}}',
    message: 'Prüfnachricht',
    undecided: '{{team1}} gegen {{team2}}, kein Ergebnis',
    aMatch: 'ein Match',
    aScore: 'ein Ergebnis',
    missingMatch: 'Match (sein Eintrag fehlt)',
    missingScore: 'Ergebnis (sein Eintrag fehlt)',
    theApi: 'der API',
  },
  correct: {
    mayNotCorrect:
      'Nur Mitglieder mit der Berechtigung „Server verwalten“ oder der Moderationsrolle der Rangliste können Ergebnisse korrigieren.',
    done: '{{headline}} in {{board}} von {{member}}.',
    reason: 'Grund: {{reason}}',
    scoreOf: 'Ergebnis {{score}} von {{player}}',
    match: 'Match Nr. {{number}}',
    removed: '{{label}} entfernt (war: „{{was}}“); seine Änderungen wurden zurückgenommen',
    corrected: '{{label}} korrigiert auf „{{now}}“ (vorher: „{{was}}“)',
    left: '{{name}} ist nicht mehr in der Rangliste (kein Ergebnis mehr in dieser Saison)',
    team1Won: 'Team 1 hat gewonnen',
    team2Won: 'Team 2 hat gewonnen',
    draw: 'Unentschieden',
    noResult: 'kein Ergebnis',
  },
  fix: {
    pendingMatch:
      'Match Nr. {{number}} wartet noch auf Prüfung: Nimm es an, korrigiere es oder lehne es ab',
    pendingScore:
      'Das Ergebnis {{score}} von {{player}} wartet noch auf Prüfung: Nimm es an, korrigiere es oder lehne es ab',
    declinedMatch:
      'Match Nr. {{number}} wurde abgelehnt und hat nie gezählt; es gibt nichts zu korrigieren',
    declinedScore:
      'Das Ergebnis {{score}} von {{player}} wurde abgelehnt und hat nie gezählt; es gibt nichts zu korrigieren',
    archivedMatch:
      'Match Nr. {{number}} zählte in einer beendeten Saison; deren Abschlusstabelle ist archiviert und bleibt, wie sie ist',
    archivedScore:
      'Das Ergebnis {{score}} von {{player}} zählte in einer beendeten Saison; deren Abschlusstabelle ist archiviert und bleibt, wie sie ist',
    removedMatch: 'Match Nr. {{number}} wurde schon von der Moderation entfernt',
    removedScore: 'Das Ergebnis {{score}} von {{player}} wurde schon von der Moderation entfernt',
    matchReads: 'Match Nr. {{number}} steht schon auf {{result}}; es wurde nichts geändert',
    matchReadsTeam1: 'Bei Match Nr. {{number}} hat schon Team 1 gewonnen; es wurde nichts geändert',
    matchReadsTeam2: 'Bei Match Nr. {{number}} hat schon Team 2 gewonnen; es wurde nichts geändert',
    matchReadsDraw: 'Match Nr. {{number}} steht schon auf Unentschieden; es wurde nichts geändert',
    scoreReads: 'Das Ergebnis {{score}} von {{player}} steht schon so da; es wurde nichts geändert',
    seasonClosing:
      'die Saison der Rangliste ist gerade zu Ende gegangen und vor ihrem Ende eingereichte Ergebnisse werden noch eingetragen; versuch es in ein paar Sekunden noch einmal',
    noBoard: 'Keine Rangliste „{{boardId}}“',
    notMatches:
      '{{boardId}} ist eine Rangliste vom Typ {{type}}: Sie erfasst Ergebnisse, keine Matches',
    noMatch: '{{boardId}} hat kein Match Nr. {{number}}',
    noScore: 'kein gewertetes Ergebnis {{score}} dieses Spielers in {{boardId}}',
    noResult: '{{handle}} hat kein eingetragenes Ergebnis zum Korrigieren (Status: `{{status}}`)',
  },
};

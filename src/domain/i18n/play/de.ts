import type { Shape } from '../shape';
import type { play as source } from './en';

/**
 * Warteschlangen und Wettbewerbe, per du: «Warteschlange», «Match», «Wertung», «Beitreten /
 * Verlassen» und «Bereit» wie auf den Buttons, «Beitrag» für einen Wettbewerbsbeitrag.
 */
export const play: Shape<typeof source> = {
  queue: {
    left: 'Du hast die Warteschlange verlassen.',
    leftBoard: 'Du hast die Warteschlange von {{board}} verlassen ({{waiting}}).',
    waiting_one: '{{count, number}} wartet',
    waiting_other: '{{count, number}} warten',
    howTeams:
      'Sobald {{players}} warten, bildet Tally {{size}}-Matches mit so ausgeglichenen Teams, wie die Wertungen es zulassen',
    howPairs: 'Tally paart die beiden Spieler mit den ähnlichsten Wertungen',
    howItMatches:
      '{{who}}, mit einem Abstand von ±{{start}} beim Beitreten, der pro Minute um {{growth}} bis ±{{max}} wächst. Gepaarte Spieler werden erwähnt und haben {{ready}} s, um Bereit zu drücken (wer nicht erscheint, fliegt raus, die anderen kommen auf ihre Plätze zurück), danach {{report}} Min., um das Ergebnis über die Nachricht des Matches zu melden; das zählt wie ein /match report.',
    opened: 'Du hast die Warteschlange von {{board}} geöffnet.',
    updated: 'Du hast die Warteschlange von {{board}} aktualisiert.',
    postedSoon: 'Ihre Beitreten/Verlassen-Nachricht wird gleich in {{channel}} gepostet.',
    staysIn: 'Ihre Nachricht bleibt in {{channel}}.',
    noMessage:
      'Sie hat noch keine Nachricht: Gib `channel` an, um eine zu posten; bis dahin können Mitglieder mit `/queue join` beitreten.',
    closed:
      'Du hast die Warteschlange von {{board}} geschlossen: Wer gewartet hat, ist raus, und ihre offenen Matches wurden abgebrochen; bereits gemeldete Ergebnisse bleiben.',
    noQueue: '{{board}} hat keine Warteschlange; nichts wurde geändert.',
    youAreIn: 'Du bist in der Warteschlange von {{board}} ({{waiting}}).',
    teamIsIn: '{{team}} ist in der Warteschlange von {{board}} ({{waiting}}).',
    youAreInBoard: 'Du bist in der Warteschlange von {{board}}.',
    yourWindow:
      'Deine Wertung ist {{rating}}; gepaart wirst du innerhalb von ±{{window}}, je länger du wartest, desto weiter.',
    itsWindow:
      'Seine Wertung ist {{rating}}; gepaart wird es innerhalb von ±{{window}}, je länger es wartet, desto weiter.',
    pingIn: 'Sobald du gepaart bist, erwähnt Tally dich in {{channel}}, damit du Bereit drückst.',
    waiterLine: '{{who}} — {{rating}}, ±{{window}}, beigetreten {{since}}',
    nobodyWaits: 'Niemand wartet.',
    more_one: '… und {{count, number}} weitere',
    more_other: '… und {{count, number}} weitere',
    matchOn: 'Dein Match auf {{board}}',
    matchOnIn: 'Dein Match auf {{board}} in {{channel}}',
    readyBy: '{{state}}; drück Bereit (Frist endet {{when}})',
    reportBy: '{{state}}; melde es (Frist endet {{when}})',
    state: {
      ready: 'wartet darauf, dass alle Bereit drücken',
      playing: 'läuft',
      reporting: 'bereits gemeldet',
      reported: 'bereits gemeldet',
      cancelled: 'abgebrochen',
    },
    youWait:
      'Du wartest in der Warteschlange von {{board}} (beigetreten {{since}}): Wertung {{rating}}, gepaart jetzt innerhalb von ±{{window}} (höchstens ±{{max}}).',
    notWaiting: 'Du wartest in keiner Warteschlange.',
    queueOf: 'Warteschlange von {{board}} ({{waiting}}, {{matches}}):',
    openMatches_one: '{{count, number}} offenes Match',
    openMatches_other: '{{count, number}} offene Matches',
    noQueueOpen: '{{board}} hat keine Warteschlange; ein Admin öffnet eine mit /queue open',
    botsCannot: 'Bots können sich nicht anstellen; Matches spielen nur Menschen',
  },
  press: {
    notOurs: 'Diesen Button hat nicht Tally erstellt; nichts wurde geändert.',
    queueGone:
      'Diese Warteschlange ist geschlossen oder gehört nicht zu diesem Server; nichts wurde geändert.',
    matchNotHere: 'Dieses Match gehört nicht zu diesem Server; nichts wurde geändert.',
    botsCannot: 'Bots können sich nicht anstellen; Matches spielen nur Menschen.',
    fixedTeams:
      '{{board}} hat feste Teams: Stell deins mit `/queue join board:{{id}} team:<Name>` an.',
    otherQueue:
      'Du wartest in der Warteschlange einer anderen Rangliste, nicht in dieser; `/queue status` zeigt, wo, `/queue leave` holt dich raus.',
    notInThis: 'Du wartest nicht in der Warteschlange von {{board}}; nichts wurde geändert.',
    allReady: 'Alle sind bereit: Das Match läuft. Melde es über seine Nachricht.',
    allReadyBy:
      'Alle sind bereit: Das Match läuft. Melde es über seine Nachricht (Frist endet {{when}}).',
    youAreReady:
      'Du bist bereit; das Match startet, sobald alle Bereit gedrückt haben (Frist endet {{when}}).',
    declined:
      'Du bist aus diesem Match raus; die anderen kommen auf ihre Plätze in der Warteschlange zurück. Tritt wieder bei, wenn du spielen kannst.',
    cannotReport: 'Dieses Match kann nicht gemeldet werden: {{state}}.',
    cancelDenied:
      'Nur Mitglieder mit der Berechtigung „Server verwalten“ oder der Moderationsrolle der Rangliste können ein Match abbrechen; nichts wurde geändert.',
    cancelled: 'Du hast dieses Match auf {{board}} abgebrochen; keine Wertung ändert sich.',
    onlyPlayers: 'nur die Spieler dieses Matches können es melden',
    badScore:
      'Das Ergebnis ist ein Spielstand, deine Seite zuerst, etwa 3-1; nichts wurde gemeldet. Drück noch einmal auf Ergebnis melden.',
    modalTitle: 'Ergebnis melden',
    modalLabel: 'Ergebnis, deine Seite zuerst (3-1)',
  },
  queuePost: {
    title: 'Warteschlange · {{board}}',
    nobody: 'Niemand wartet. Drück **Beitreten**, um der Erste zu sein.',
    waiting: '**Wartend ({{count}})**',
    more: '… und {{count}} weitere',
    playingNow_one: '**Gerade im Spiel:** {{count, number}} Match',
    playingNow_other: '**Gerade im Spiel:** {{count, number}} Matches',
    footer:
      'Gepaarte Spieler werden erwähnt und haben {{seconds}} s, um Bereit zu drücken. Du wartest immer nur in einer Warteschlange.',
    join: 'Beitreten',
    leave: 'Verlassen',
    closed:
      'Diese Warteschlange ist geschlossen: Niemand wartet darin, und sie bildet keine Matches. Ein Admin öffnet sie wieder mit `/queue open` oder im Dashboard.',
    formRatings: 'Formwertungen (aus den Ergebnissen)',
    ratings: 'Wertungen',
    widening:
      'anfangs höchstens {{start}} auseinander, dann pro Minute {{growth}} mehr, bis {{max}}',
    teamVsTeam:
      '**Team gegen Team** · paart die Teams mit den ähnlichsten {{ratings}}, {{widening}}.',
    oneVsOne: '**1v1** · paart die Spieler mit den ähnlichsten {{ratings}}, {{widening}}.',
    teams:
      '**{{size}}** · die ausgeglichensten Teams aus Spielern mit passenden {{ratings}}: {{widening}}.',
    waiterLine: '{{who}} · {{rating}} · beigetreten {{since}}',
    ids: 'Warteschlangen-Match {{match}} · Rangliste {{board}}',
    matchTitle: 'Warteschlangen-Match · {{board}}',
    checkOver: '{{pings}}: Die Bereitschaftsprüfung dieses Matches auf {{board}} ist vorbei.',
    checkOn:
      '{{pings}}: Euer Match auf {{board}} ist bereit. Drückt **Bereit**, bevor die Prüfung endet ({{when}}); wer bis dahin nicht bereit ist, fliegt aus der Warteschlange, die anderen kommen auf ihre Plätze zurück.',
    deadline: 'bis {{time}} ({{when}})',
    howScore: 'drückt eine Person von euch **Ergebnis melden** (das Ergebnis eurer Seite zuerst)',
    howButtons:
      'meldet eine Person von euch das Ergebnis mit den Buttons unten (sie sprechen für eure Seite)',
    play: 'Alle sind bereit: Spielt euer Match auf {{board}}! Danach {{how}}. Ein Match, das niemand rechtzeitig meldet, wird abgebrochen und nichts wird gespeichert.',
    playBy:
      'Alle sind bereit: Spielt euer Match auf {{board}}! Danach {{how}}, und zwar {{deadline}}. Ein Match, das niemand rechtzeitig meldet, wird abgebrochen und nichts wird gespeichert.',
    reporting: '{{who}} meldet gerade das Ergebnis …',
    reported: 'Gemeldet von {{who}}. {{after}}',
    reportedAs: 'Gemeldet von {{who}} als `{{handle}}`. {{after}}',
    aPlayer: 'einem Spieler',
    afterOpponents:
      'Die Gegner bestätigen oder bestreiten es, wie jede Meldung auf dieser Rangliste.',
    afterAtOnce: 'Es gilt sofort, wie jede Meldung auf dieser Rangliste.',
    afterModerators: 'Die Moderation prüft es, wie jede Meldung auf dieser Rangliste.',
    unreported:
      'Abgebrochen: Niemand hat das Ergebnis rechtzeitig gemeldet. Nichts wurde gespeichert.',
    closedInCheck:
      'Abgebrochen: Die Warteschlange wurde während der Bereitschaftsprüfung geschlossen. Nichts wurde gespeichert.',
    notReady_one:
      'Abgebrochen: {{who}} war nicht bereit. Die anderen sind wieder auf ihren Plätzen in der Warteschlange.',
    notReady_other:
      'Abgebrochen: {{who}} waren nicht bereit. Die anderen sind wieder auf ihren Plätzen in der Warteschlange.',
    cancelledBy: 'Abgebrochen von {{who}}. Nichts wurde gespeichert.',
    cancelledWhy: 'Abgebrochen ({{why}}). Nichts wurde gespeichert.',
    noReason: 'ohne Angabe eines Grundes',
    someone: 'jemand',
    and: '{{list}} und {{last}}',
    side: 'Team {{side}} · {{chance}} Chance',
    cancel: 'Abbrechen (Moderation)',
    ready: 'Bereit',
    cantPlay: 'Kann nicht spielen',
    reportScore: 'Ergebnis melden',
    weWon: 'Wir haben gewonnen',
    weLost: 'Wir haben verloren',
    iWon: 'Ich habe gewonnen',
    iLost: 'Ich habe verloren',
    draw: 'Unentschieden',
  },
  queueRefused: {
    notQueueBoard:
      'Warteschlangen gibt es für ELO- und Liga-Ranglisten; {{board}} ist eine {{type}}-Rangliste',
    sayTeam:
      'diese Rangliste hat feste Teams: Gib an, mit welchem Team du dich anstellst (team: ein Name oder team_N)',
    notTeam: 'dieses Team ist kein Team von {{board}}',
    noQueue:
      '{{board}} hat keine Warteschlange; ein Admin öffnet eine mit /queue open oder im Dashboard',
    youWait:
      'Du wartest schon in der Warteschlange von {{board}}; verlass sie zuerst (/queue leave oder ihr Verlassen-Button)',
    yourTeamWaits:
      'Das Team, das du angestellt hast, wartet schon in der Warteschlange von {{board}}; nimm es zuerst heraus (/queue leave oder ihr Verlassen-Button)',
    teamWaits:
      'Dieses Team wartet schon in der Warteschlange von {{board}}; es muss sie zuerst verlassen (/queue leave oder ihr Verlassen-Button)',
    inMatch:
      'du bist in einem Warteschlangen-Match, das noch nicht vorbei ist; melde es (oder lass seine Frist ablaufen), bevor du dich wieder anstellst',
    joinedJustNow:
      'du bist gerade einer Warteschlange beigetreten (ein anderer Versuch von dir war schneller); verlass sie zuerst (/queue leave oder ihr Verlassen-Button)',
    notWaiting: 'du wartest in keiner Warteschlange; nichts wurde geändert',
    onlyPlayers: 'nur die Spieler dieses Matches können das tun',
    noMatch: 'dieses Warteschlangen-Match gibt es nicht',
    readyAlready: 'du bist schon bereit',
    checkOver: 'die Bereitschaftsprüfung ist vorbei',
    readyOver: {
      ready: 'die Bereitschaftsprüfung ist vorbei: wartet darauf, dass alle Bereit drücken',
      playing: 'die Bereitschaftsprüfung ist vorbei: das Match läuft',
      reporting: 'die Bereitschaftsprüfung ist vorbei: das Match ist bereits gemeldet',
      reported: 'die Bereitschaftsprüfung ist vorbei: das Match ist bereits gemeldet',
      cancelled: 'die Bereitschaftsprüfung ist vorbei: das Match wurde abgebrochen',
    },
    cannotReport: {
      late: 'dieses Match kann nicht gemeldet werden: die Frist zum Melden ist abgelaufen',
      ready: 'dieses Match kann nicht gemeldet werden: es wartet darauf, dass alle Bereit drücken',
      playing: 'dieses Match kann nicht gemeldet werden: es läuft',
      reporting: 'dieses Match kann nicht gemeldet werden: es ist bereits gemeldet',
      reported: 'dieses Match kann nicht gemeldet werden: es ist bereits gemeldet',
      cancelled: 'dieses Match kann nicht gemeldet werden: es wurde abgebrochen',
    },
    reportedJustNow: 'jemand hat dieses Match gerade eben gemeldet',
    cannotCancel: {
      ready:
        'dieses Match kann nicht abgebrochen werden: es wartet darauf, dass alle Bereit drücken',
      playing: 'dieses Match kann nicht abgebrochen werden: es läuft',
      reporting: 'dieses Match kann nicht abgebrochen werden: es ist bereits gemeldet',
      reported: 'dieses Match kann nicht abgebrochen werden: es ist bereits gemeldet',
      cancelled: 'dieses Match kann nicht abgebrochen werden: es wurde schon abgebrochen',
    },
  },
  contest: {
    entryName: '**{{title}}** (Beitrag #{{entry}})',
    pending:
      '{{name}} ist in **{{board}}** und wartet auf die Freigabe durch die Moderation; du siehst ihn gepostet, sobald er freigegeben ist.',
    live: '{{name}} ist in **{{board}}**. {{where}}',
    postedSoon: 'Er wird gleich in {{channel}} zur Abstimmung gepostet.',
    noChannel:
      'Es ist noch kein Wettbewerbskanal festgelegt, daher wird er erst zur Abstimmung gepostet, wenn jemand mit Verwaltungsrechten einen festlegt (`/contest settings channel`).',
    withdrew: 'Du hast **{{title}}** aus **{{board}}** zurückgezogen; Post und Bild sind gelöscht.',
    mayNotModerate:
      'Nur Mitglieder mit der Berechtigung „Server verwalten“ oder der Moderationsrolle der Rangliste können das tun.',
    removed: 'Beitrag #{{entry}} **{{title}}** entfernt; die Person erfährt den Grund per DM.',
    approved: 'Beitrag #{{entry}} **{{title}}** freigegeben: Er ist im Wettbewerb.',
    declined: 'Beitrag #{{entry}} **{{title}}** abgelehnt; die Person erfährt es per DM.',
    onlyServers: 'channel: nur Wettbewerbe eines Servers werden in einem Kanal gepostet',
    settings: '**{{board}}**: {{summary}}',
    changed: 'Wettbewerb **{{board}}**: {{summary}}',
    votedInServer: 'Über Wettbewerbe wird auf ihrem Server abgestimmt.',
    notOurVote: 'Diesen Abstimmungs-Button hat nicht Tally erstellt.',
    notOurs: 'Diesen Button hat nicht Tally erstellt.',
    reportedThanks:
      'Danke: **{{title}}** ist der Moderation gemeldet, die den Beitrag in `/review list` sieht.',
    reportedAlready: 'Du hast **{{title}}** schon gemeldet; die Moderation weiß Bescheid.',
    reviewDenied:
      'Nur Mitglieder mit der Berechtigung „Server verwalten“ oder der Moderationsrolle der Rangliste können Beiträge prüfen; nichts wurde geändert.',
    approvedPress: 'Freigegeben: **{{title}}** ist im Wettbewerb und wird zur Abstimmung gepostet.',
    declinedPress:
      'Abgelehnt: **{{title}}**; die Person erfährt es per DM. Um einen Grund anzugeben, nutz nächstes Mal `/contest decline`.',
    vote: 'Deine Stimme für „{{title}}“: **{{value}}**/10. Drück jederzeit eine andere Zahl, um sie zu ändern.',
    voteSame:
      'Deine Stimme für „{{title}}“: **{{value}}**/10 (unverändert). Drück jederzeit eine andere Zahl, um sie zu ändern.',
    voteWas:
      'Deine Stimme für „{{title}}“: **{{value}}**/10 (vorher {{previous}}). Drück jederzeit eine andere Zahl, um sie zu ändern.',
  },
  contestPost: {
    by: 'von <@{{author}}> · **{{board}}**',
    closes: 'Die Abstimmung endet {{when}}.',
    closed: 'Die Abstimmung ist beendet.',
    rateIt: 'Bewerte ihn mit den Buttons unten von 1 bis 10; du kannst deine Stimme ändern.',
    soFar: 'bisher {{votes}}',
    unranked: 'Ohne Platzierung',
    finalRank: 'Endplatz #{{rank}}',
    average: 'Ø {{average, number(minimumFractionDigits: 2; maximumFractionDigits: 2)}}',
    ended: 'Diese Wettbewerbsrunde ist beendet.',
    report: 'Melden',
    outcome: {
      live: 'Freigegeben: Er ist im Wettbewerb.',
      declined: 'Abgelehnt.',
      declinedWhy: 'Abgelehnt: {{reason}}',
      withdrawn: 'Von der Person zurückgezogen.',
      removed: 'Entfernt.',
      removedWhy: 'Entfernt: {{reason}}',
      archived: 'Seine Wettbewerbsrunde ist beendet.',
    },
    submitted: 'Eingereicht {{when}}; gib ihn frei, um ihn in den Wettbewerb aufzunehmen.',
    toReview: 'Beitrag zu prüfen: {{title}}',
    reviewed: 'Beitrag geprüft: {{title}}',
    reviewFooter: 'Beitrag #{{entry}} · Rangliste {{board}}',
    approve: 'Freigeben',
    decline: 'Ablehnen',
    noticeDeclined:
      'Dein Beitrag „{{title}}“ wurde von der Moderation nicht für den Wettbewerb **{{board}}** freigegeben. Tally speichert sein Bild nicht mehr.',
    noticeDeclinedWhy:
      'Dein Beitrag „{{title}}“ wurde von der Moderation nicht für den Wettbewerb **{{board}}** freigegeben. Tally speichert sein Bild nicht mehr. Grund: {{reason}}',
    noticeRemoved:
      'Dein Beitrag „{{title}}“ wurde von der Moderation aus dem Wettbewerb **{{board}}** entfernt. Tally speichert sein Bild nicht mehr.',
    noticeRemovedWhy:
      'Dein Beitrag „{{title}}“ wurde von der Moderation aus dem Wettbewerb **{{board}}** entfernt. Tally speichert sein Bild nicht mehr. Grund: {{reason}}',
  },
  contestRefused: {
    notRating:
      '{{board}} ist eine {{type}}-Rangliste; Wettbewerbe laufen auf Bewertungs-Ranglisten',
    notADate: '{{what}}: kein Datum',
    pastDate: '{{what}}: Das Datum muss in der Zukunft liegen (oder gib `closed` an)',
    stoppedTaking: '**{{board}}** nimmt seit {{when}} keine Beiträge mehr an',
    titleLong: 'title: höchstens {{max}} Zeichen',
    image: {
      not_an_image:
        'Diese Datei ist kein Bild, das Tally annimmt: Schick ein PNG, JPEG, WebP oder GIF ({{why}}). Nichts wurde eingereicht.',
      too_large: 'Dieses Bild ist zu groß ({{why}}). Nichts wurde eingereicht.',
      too_many_pixels: 'Dieses Bild hat zu viele Pixel ({{why}}). Nichts wurde eingereicht.',
      unreadable: 'Dieses Bild ließ sich nicht lesen ({{why}}). Nichts wurde eingereicht.',
    },
    cap_one:
      'Du hast {{count, number}} Beitrag in **{{board}}**, und jedes Mitglied darf {{cap}} haben: Zieh zuerst einen zurück (`/contest withdraw`). Nichts wurde eingereicht.',
    cap_other:
      'Du hast {{count, number}} Beiträge in **{{board}}**, und jedes Mitglied darf {{cap}} haben: Zieh zuerst einen zurück (`/contest withdraw`). Nichts wurde eingereicht.',
    noEntry: 'hier gibt es keinen Beitrag {{entry}}',
    ownVote: 'Du kannst nicht für deinen eigenen Beitrag abstimmen.',
    votingClosed:
      'Die Abstimmung für **{{board}}** ist seit {{when}} beendet; deine Stimme wurde nicht gezählt.',
    goneVote: 'Dieser Beitrag ist nicht mehr im Wettbewerb; deine Stimme wurde nicht gezählt.',
    onlyAuthor:
      'Nur die Person, die ihn eingereicht hat, kann einen Beitrag zurückziehen; die Moderation entfernt ihn stattdessen.',
    gone: 'Dieser Beitrag ist nicht mehr im Wettbewerb.',
    reasonLong: 'reason: höchstens 200 Zeichen',
    expired: 'Dieser Beitrag hat die Prüffrist überschritten und wurde deshalb abgelehnt.',
    decided: 'Über diesen Beitrag wurde schon entschieden.',
    ownReport: 'Das ist dein eigener Beitrag: Zieh ihn stattdessen zurück (`/contest withdraw`).',
    stillRunning: 'Saison {{season}} läuft noch; ihre Tabelle ist die aktuelle der Rangliste',
  },
  entryQueue: {
    submitted: 'eingereicht {{when}}',
    neverExpires: 'läuft nie ab',
    expires: 'läuft {{when}} ab',
    reviewMessage: 'Prüfnachricht',
    post: 'Post',
    reports_one: '🚩 {{count, number}} Meldung',
    reports_other: '🚩 {{count, number}} Meldungen',
    title: 'Wettbewerbsbeiträge: {{pending}} zur Freigabe, {{reported}} gemeldet',
    footer:
      'Älteste zuerst. Entscheide mit /contest approve oder /contest decline (entry: die #) oder an der Prüfnachricht; /contest remove nimmt einen gemeldeten Beitrag heraus.',
    waiting: '**Warten auf Freigabe**',
    reported: '**Gemeldet**',
    more: '… und {{count}} weitere',
  },
  participants: {
    atLeastOne: '{{field}}: Erwähne mindestens ein Mitglied',
    everyone:
      '{{field}}: @everyone ist kein Spieler; erwähne Mitglieder oder eine Rolle für ein Team',
    notMention: '{{field}}: {{token}} ist keine Erwähnung eines Mitglieds oder einer Rolle',
    notTeam: '{{field}}: {{team}} ist kein Team dieser Rangliste (siehe /team list)',
    bot: '<@{{id}}> ist ein Bot; Bots können keine Spieler sein. Nenne die Menschen, die gespielt haben.',
  },
  audit: {
    contestSet: '🖼️ {{actor}} hat den Wettbewerb von **{{board}}** eingestellt: {{summary}}',
    removed:
      '🖼️ {{actor}} hat Beitrag #{{entry}} „{{title}}“ von {{author}} aus **{{board}}** entfernt: {{reason}}',
    approved:
      '🖼️ {{actor}} hat Beitrag #{{entry}} „{{title}}“ von {{author}} auf **{{board}}** freigegeben',
    approvedWhy:
      '🖼️ {{actor}} hat Beitrag #{{entry}} „{{title}}“ von {{author}} auf **{{board}}** freigegeben: {{reason}}',
    declined:
      '🖼️ {{actor}} hat Beitrag #{{entry}} „{{title}}“ von {{author}} auf **{{board}}** abgelehnt',
    declinedWhy:
      '🖼️ {{actor}} hat Beitrag #{{entry}} „{{title}}“ von {{author}} auf **{{board}}** abgelehnt: {{reason}}',
  },
  round: {
    started: '🏁 {{title}} hat begonnen',
    oneDayLeft: '⏳ {{title}}: noch ein Tag',
    begun: '**{{title}}** hat begonnen: Reich mit `/contest submit board:{{board}}` ein.',
    begunEnds:
      '**{{title}}** hat begonnen und endet am {{when}}: Reich mit `/contest submit board:{{board}}` ein.',
    over: 'Die Runde ist vorbei: Ab jetzt eingereichte Beiträge kommen in die nächste Runde.',
  },
};

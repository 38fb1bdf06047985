import type { Shape } from '../shape';
import type { admin as source } from './en';

/** German: du, «Rangliste» for a board, «Tabelle» for its standings, Discord's own words. */
export const admin: Shape<typeof source> = {
  language: {
    name: {
      en: 'Englisch',
      es: 'Spanisch',
      'pt-BR': 'Portugiesisch (Brasilien)',
      de: 'Deutsch',
    },
    reply: {
      picked:
        'Tally postet auf diesem Server ab jetzt auf {{language}}: Prüfungen, Bestätigungen, Live-Tabellen, Saisonankündigungen und Audit-Zeilen. Antworten, die nur ein Mitglied sieht, bleiben in dessen Discord-Sprache.',
      auto: 'Tally folgt ab jetzt der Sprache dieses Servers auf Discord und postet auf {{language}}. Antworten, die nur ein Mitglied sieht, bleiben in dessen Discord-Sprache.',
      pickedAlready:
        'Tally postet auf diesem Server schon auf {{language}}; nichts wurde geändert.',
      autoAlready:
        'Tally folgt schon der Sprache dieses Servers auf Discord ({{language}}); nichts wurde geändert.',
    },
    audit: {
      picked:
        '🌐 {{actor}} hat die Sprache, in der Tally auf diesem Server postet, auf {{language}} gestellt',
      auto: '🌐 {{actor}} lässt Tally der Sprache dieses Servers auf Discord folgen ({{language}})',
    },
  },
  actor: {
    cli: 'der Betreiber (CLI)',
    api: 'die API',
    auto: 'Tally',
    autoConfirmed: 'Tally (kein Gegner hat rechtzeitig geantwortet)',
    expired: 'die Prüffrist',
    demo: 'die Demo',
  },
  audit: {
    line: {
      channelOn: '📋 {{actor}} hat {{channel}} als Audit-Kanal dieses Servers festgelegt',
      channelOff: '📋 {{actor}} hat den Audit-Kanal dieses Servers ausgeschaltet',
      matchResult: 'Match Nr. {{number}}: {{outcome}}',
      scoreResult: 'Ergebnis: {{player}} {{score}}',
      approved: '✅ {{actor}} hat {{handle}} in {{board}} angenommen ({{result}})',
      adjusted:
        '✏️ {{actor}} hat {{handle}} in {{board}} angepasst und angenommen (jetzt {{result}})',
      declined: '❌ {{actor}} hat {{handle}} in {{board}} abgelehnt ({{result}})',
      declinedWhy: '❌ {{actor}} hat {{handle}} in {{board}} abgelehnt ({{result}}): {{reason}}',
      expired:
        '⌛ {{handle}} in {{board}} ist ohne Entscheidung abgelaufen ({{result}}); nichts wurde übernommen',
      key: '{{type}}-Schlüssel {{id}} ({{access}})',
      keyLabelled: '{{type}}-Schlüssel {{id}} ({{access}}) „{{label}}“',
      keyMinted: '🔑 {{actor}} hat den {{key}} erstellt',
      keyRevoked: '🔒 {{actor}} hat den {{key}} widerrufen',
      seasonOn: '{{season}} von {{board}}',
      seasonEnds: 'endet {{when}}',
      seasonEndsRepeats: 'endet {{when}}, dann wiederholt sie sich',
      seasonNoEnd: 'kein Ende festgelegt',
      seasonStarted: '▶️ {{actor}} hat {{season}} gestartet ({{end}}; am Ende: {{reset}})',
      seasonClosed: '🏁 {{season}} ist zu Ende: Abschlusstabelle archiviert, {{reset}}',
      seasonClosedNext:
        '🏁 {{season}} ist zu Ende: Abschlusstabelle archiviert, {{reset}}; {{next}} hat begonnen',
      seasonEnded: '🏁 {{actor}} hat {{season}} beendet: Abschlusstabelle archiviert, {{reset}}',
      seasonEndedNext:
        '🏁 {{actor}} hat {{season}} beendet: Abschlusstabelle archiviert, {{reset}}; {{next}} hat begonnen',
      seasonEnding:
        '⏹️ {{actor}} hat {{season}} beendet; sie schließt, sobald die bis jetzt eingereichten Ergebnisse erfasst sind',
      corrected: '🛠️ {{actor}} hat {{board}} korrigiert: {{headline}}',
      correctedWhy: '🛠️ {{actor}} hat {{board}} korrigiert: {{headline}}: {{reason}}',
      boardDeleted:
        '🗑️ {{actor}} hat die Rangliste {{board}} ({{id}}) mit allem darauf gelöscht: {{contents}}',
    },
    reply: {
      whatGoes:
        'Annahmen, Ablehnungen, Anpassungen, abgelaufene Prüfungen, Korrekturen, Saisonstarts und -enden sowie erstellte und widerrufene API-Schlüssel',
      notInDm: 'der Audit-Kanal ist eine Servereinstellung: nutze /audit auf deinem Server',
      already: 'Audit-Zeilen gehen schon nach {{channel}}.',
      now: 'Audit-Zeilen gehen jetzt nach {{channel}}: {{what}}, je eine Zeile. Tally braucht dort „Kanal ansehen“ und „Nachrichten senden“; eine Zeile, die es nicht posten darf, wird übersprungen.',
      off: 'Audit-Zeilen werden nicht mehr gepostet (sie gingen nach {{channel}}). Mit `/audit channel` schaltest du sie wieder ein.',
      offAlready:
        'Es gab keinen Audit-Kanal; nichts wurde geändert. Leg einen mit `/audit channel` fest.',
      shows: 'Audit-Zeilen gehen nach {{channel}} (festgelegt von {{actor}}): {{what}}.',
      none: 'Kein Audit-Kanal: Aktionen werden gespeichert, aber nicht gepostet. Leg einen mit `/audit channel` fest.',
    },
  },
  season: {
    title: 'Saison {{number}}',
    titleNamed: 'Saison {{number}} „{{name}}“',
    reset: {
      rating: 'die Beiträge werden mit ihrem Endrang archiviert',
      standings: 'die Tabelle beginnt von vorn',
      hard: 'die Wertungen gehen auf {{start}} zurück',
      soft: 'die Wertungen rücken um {{percent}} % an {{start}} heran',
      keep: 'die Wertungen bleiben, die Bilanzen beginnen von vorn',
    },
    started: '**{{season}}** von **{{board}}** hat begonnen.',
    startedRound: '**{{season}}** von **{{board}}** hat als Wettbewerbsrunde begonnen.',
    endsAt: 'Sie endet am {{at}} ({{relative}}).',
    endsAtRepeats:
      'Sie endet am {{at}} ({{relative}}), dann beginnt die nächste mit derselben Länge.',
    runsUntilEnded: 'Sie läuft, bis jemand mit „Server verwalten“ `/season end` nutzt.',
    roundEndWinner:
      'Am Ende werden die Beiträge mit ihrem Endrang archiviert und der Sieger wird verkündet; die nächste Runde beginnt ohne Beiträge.',
    roundEndTop:
      'Am Ende werden die Beiträge mit ihrem Endrang archiviert und die Top {{count}} werden verkündet; die nächste Runde beginnt ohne Beiträge.',
    standingsEnd: 'Am Ende wird die Abschlusstabelle archiviert und {{reset}}.',
    announcedIn: 'Angekündigt in {{channel}}.',
    notAnnounced: 'Keine Ankündigung (gib `channel` an, um sie anzukündigen).',
    closing:
      '{{season}} endet, sobald die bis jetzt eingereichten Ergebnisse erfasst sind (ein paar Sekunden); dann wird ihre Tabelle archiviert und die Rangliste beginnt von vorn.',
    endedRound:
      '{{season}} ist zu Ende: Die Beiträge sind nach Endrang archiviert ({{archive}}); ab jetzt eingereichte Beiträge zählen für die nächste Runde.',
    ended:
      '{{season}} ist zu Ende: Die Abschlusstabelle ist archiviert ({{archive}}) und die Rangliste beginnt von vorn ({{reset}}).',
    ofBoard: '**{{season}}** von **{{board}}**',
    info: {
      none: 'keine Saison läuft ({{season}} endete am {{at}})',
      ends: 'endet {{relative}}',
      endsRepeating: 'endet {{relative}}, wiederholt sich',
      noEnd: 'kein Ende festgelegt',
      line: 'Saison: {{season}}, {{end}}; danach: {{reset}}',
      lineAnnounced:
        'Saison: {{season}}, {{end}}; danach: {{reset}}; angekündigt in {{channel}} (Top {{top}})',
    },
    announce: {
      started: '🏁 {{season}} hat begonnen',
      startsNew: '**{{board}}** startet eine neue Saison.',
      endsAt: 'Sie endet am {{at}} ({{relative}}).',
      runsUntilEnded: 'Sie läuft, bis die Moderation sie beendet.',
      keptForGood: 'Am Ende wird die Abschlusstabelle dauerhaft gespeichert und {{reset}}.',
      soon: '⏳ {{season}}: noch ein Tag',
      closes: '**{{board}}** schließt {{relative}}: letzte Chance, aufzusteigen.',
      ended: '🏆 {{season}} ist zu Ende',
      finalOf: 'Abschlusstabelle von **{{board}}**:',
      nobody: 'Niemand hatte ein Ergebnis.',
      begun: '**{{next}}** hat begonnen. {{reset}}.',
      begunEnds: '**{{next}}** hat begonnen; sie endet am {{at}}. {{reset}}.',
      afresh: 'Die Rangliste beginnt von vorn: {{reset}}.',
      standings: 'Tabelle',
      finalStandings: 'Abschlusstabelle',
    },
    archive: {
      title: '{{board}} — {{season}}, Endstand',
      nobody: 'Niemand hatte in dieser Saison ein Ergebnis.',
      noMore: 'Keine weiteren Einträge.',
      footer: '{{board}} · {{from}} – {{to}} · archiviert',
    },
    round: {
      startsNew: '**{{board}}** startet eine neue Wettbewerbsrunde.',
      submit:
        'Reiche mit `/contest submit board:{{board}}` einen Beitrag ein und bewerte die anderen; am Ende werden die Beiträge endgültig gereiht und die Sieger hier gezeigt.',
      closes: '**{{board}}** schließt {{relative}}: letzte Chance, abzustimmen.',
      by: 'von {{author}} · {{standing}}',
      winnersOf: 'Sieger von **{{board}}**:',
      noneRanked: 'Kein Beitrag hatte genug Stimmen für einen Rang.',
      more: '…und {{count}} weitere in der Abschlusswertung.',
    },
    errors: {
      roundAfresh:
        'eine Wettbewerbsrunde beginnt immer von vorn: ihre Beiträge werden am Ende archiviert',
      daysOrEnd: 'gib eine Länge in Tagen oder ein Enddatum an, nicht beides',
      endInFuture: 'das Ende muss in der Zukunft und innerhalb von zehn Jahren liegen',
      reset: 'reset muss eines davon sein: {{resets}}',
      onlyElo:
        'nur ELO-Wertungen können behalten oder sanft zurückgesetzt werden; {{type}}-Tabellen beginnen immer von vorn',
      repeatNeedsEnd: 'eine Saison, die sich wiederholt, braucht eine Länge oder ein Enddatum',
      running: 'Saison {{number}} läuft; beende sie zuerst (/season end oder tally season end)',
      runningUntil:
        'Saison {{number}} läuft bis {{until}}; beende sie zuerst (/season end oder tally season end)',
      noneRunning:
        '{{board}} hat keine laufende Saison; starte eine mit /season start (oder tally season start)',
      stillRunning: 'Saison {{number}} läuft noch; ihre Tabelle ist die aktuelle der Rangliste',
      noEnded: '{{board}} hat keine beendete Saison {{number}}; /season list zeigt sie',
    },
  },
  contents: {
    entries_one: '{{count, number}} Eintrag',
    entries_other: '{{count, number}} Einträge',
    matches_one: '{{count, number}} Match',
    matches_other: '{{count, number}} Matches',
    scores_one: '{{count, number}} Ergebnis',
    scores_other: '{{count, number}} Ergebnisse',
    seasons_one: '{{count, number}} Saison',
    seasons_other: '{{count, number}} Saisons',
    contestEntries_one: '{{count, number}} Wettbewerbsbeitrag',
    contestEntries_other: '{{count, number}} Wettbewerbsbeiträge',
    evidenceImages_one: '{{count, number}} Beweisbild',
    evidenceImages_other: '{{count, number}} Beweisbilder',
    nothing: 'noch nichts erfasst',
  },
  errors: {
    wholeInRange: '`{{name}}` muss eine ganze Zahl von {{min}} bis {{max}} sein',
  },
};

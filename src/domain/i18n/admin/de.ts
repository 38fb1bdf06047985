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
    unknown: 'die Sprache muss eine der Auswahlmöglichkeiten sein',
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
  setup: {
    title: '**Tally einrichten**',
    notInServer:
      '/setup richtet einen Server ein; führe es dort aus (deine eigenen Ranglisten: /board create)',
    notOurs: 'Das ist kein /setup-Schritt von Tally; nichts wurde geändert.',
    notYours:
      'Nur {{member}}, der `/setup` ausgeführt hat, kann hier antworten; nichts wurde geändert. Führe `/setup` selbst aus, um Tally einzurichten.',
    boardGone: 'Diese Rangliste gibt es nicht mehr; nichts wurde geändert.',
    movedOn:
      'Dieses /setup ist schon weiter (seine Rangliste ist angelegt); nichts wurde geändert. Führe `/setup` erneut aus für eine weitere Rangliste.',
    noRole: 'keine (Mitglieder mit „Server verwalten“ prüfen)',
    noChannel: 'keiner (zu prüfende Ergebnisse warten in `/review list`)',
    step1:
      '{{title}} · Schritt 1 von 4: Wer darf eingereichte Ergebnisse annehmen oder ablehnen? Wähle die Moderationsrolle oder überspringe: Mitglieder mit „Server verwalten“ können immer prüfen.',
    rolePlaceholder: 'Die Moderationsrolle',
    skipRole: 'Überspringen: keine Moderationsrolle',
    step2:
      '{{title}} · Schritt 2 von 4: Moderationsrolle {{role}}. Wo soll Tally Ergebnisse zur Prüfung posten? Wähle den Prüfkanal (Tally braucht dort „Kanal ansehen“, „Nachrichten senden“ und „Links einbetten“) oder überspringe.',
    channelPlaceholder: 'Der Prüfkanal',
    skipChannel: 'Überspringen: kein Prüfkanal',
    types: {
      Classic: 'Punkte, die sich addieren',
      Highscore: 'das beste Einzelergebnis zählt',
      Time: 'die schnellste Zeit zählt',
      ELO: '1v1- oder Team-Matches, Wertung',
      League: 'Matches, Punkte für Sieg/Remis/Niederlage',
      Rating: 'ein Bilderwettbewerb, Mitglieder stimmen ab',
    },
    step3:
      '{{title}} · Schritt 3 von 4: Moderationsrolle {{role}}, Prüfkanal {{channel}}. Jetzt eine erste Rangliste: Wähle ihren Typ und gib ihr dann einen Namen.',
    typePlaceholder: 'Der Typ der Rangliste',
    modalTitle: 'Tally einrichten: eine {{type}}-Rangliste',
    nameLabel: 'Name der Rangliste',
    namePlaceholder: 'z. B. Wochenliga',
    step4:
      '{{title}} · Schritt 4 von 4: **{{board}}** ({{id}}) ist angelegt. Soll Tally ihre Top 10 in einem Kanal posten und aktuell halten? Wähle ihn oder überspringe.',
    livePlaceholder: 'Der Kanal für die Live-Tabelle',
    skipLive: 'Überspringen: keine Live-Tabelle',
    done: '{{title}} · fertig. **{{board}}** ({{id}}, {{type}}) ist bereit:',
    doneRole: '- Moderationsrolle: {{role}}',
    doneChannel: '- Prüfkanal: {{channel}}',
    doneWindow:
      '- Prüffrist: {{hours}} h (`/board edit window_hours:0` übernimmt Ergebnisse sofort)',
    doneLive: '- Live-Tabelle: {{channel}}, wird gleich gepostet',
    doneNoLive: '- Live-Tabelle: keine (`/board standings` fügt sie später hinzu)',
    next: 'Als Nächstes:',
    firstMatch: '- `/match report board:{{board}} opponents:@jemand` meldet ein Match',
    firstContest:
      '- `/contest settings board:{{board}}` richtet den Wettbewerb ein, dann reicht `/contest submit` ein Bild ein',
    firstScore: '- `/score submit board:{{board}} score:…` reicht ein Ergebnis ein',
    nextLeaderboard: '- `/leaderboard board:{{board}}` zeigt die Tabelle',
    nextEdit:
      '- `/board edit board:{{board}}` ändert die Prüffrist und mehr; `/board info` zeigt alles',
    nextApi:
      '- `/api key create` erstellt einen Schlüssel für die HTTP-API; `/setup` noch einmal legt eine weitere Rangliste an',
  },
  board: {
    created: '**{{board}}** ({{id}}) ist angelegt.',
    updated: '**{{board}}** ist aktualisiert.',
    updatedResumed:
      '**{{board}}** ist aktualisiert. Die Prüfnachrichten waren angehalten; Tally versucht jetzt, die wartenden erneut zu posten.',
    liveOn:
      'Die Spitze von **{{board}}** wird gleich in {{channel}} gepostet und aktuell gehalten (alle 30 s geprüft).',
    liveOff:
      'Tally hält die Live-Tabelle von **{{board}}** nicht mehr aktuell; die letzte Nachricht bleibt, wie sie ist.',
    decayOff: 'Verfall ist für {{board}} aus.',
    decayChanged:
      'Verfall für {{board}} ist jetzt: {{rule}}. Der nächste Schritt ist {{when}}; Inaktivität zählt seit {{since}}.',
    decaySet:
      'Verfall für {{board}}: {{rule}}. Der erste Schritt ist {{when}}; Inaktivität zählt ab jetzt.',
    points: 'points: drei ganze Zahlen für Sieg, Remis und Niederlage, z. B. 3,1,0',
    decay: {
      percent: '{{amount}} %',
      points: '{{amount}} Punkte',
      rule: '{{amount}} alle {{hours}} h nach {{days}} Tagen ohne Ergebnis, nicht unter {{floor}}',
      ruleRoleFloor:
        '{{amount}} alle {{hours}} h nach {{days}} Tagen ohne Ergebnis, nicht unter {{floor}} und nicht unter die Rangrolle, die eine Wertung erreicht hat',
    },
    info: {
      privateUser: 'Privat: nicht auf den öffentlichen Seiten (die API bleibt wie bisher)',
      privateServer:
        'Privat: nur angemeldete Mitglieder sehen die Seiten; nicht im Verzeichnis und ohne Link-Vorschau (die API bleibt wie bisher)',
      reviewDm: 'per DM an den Eigentümer',
      reviewRole: 'in {{channel}} durch {{role}} oder „Server verwalten“',
      reviewManagers: 'in {{channel}} durch „Server verwalten“',
      reviewCli: 'mit `tally review` (kein Moderationskanal)',
      typeHighest: 'Typ **{{type}}**, der höchste Wert ist der beste',
      typeLowest: 'Typ **{{type}}**, der niedrigste Wert ist der beste',
      elo: 'k {{k}}, Start {{start}}',
      points: 'Punkte {{win}}/{{draw}}/{{loss}}',
      fixedTeams: 'feste Teams',
      perSide: '{{count}} pro Seite',
      atOnce: 'wird sofort übernommen',
      reviewed: 'geprüft {{review}}, Frist {{hours}} h',
      opponents:
        'Match-Meldungen von Mitgliedern: zuerst von einem Gegner bestätigt (im Kanal der Meldung), {{hours}} h Zeit zum Antworten, danach {{then}}; ein Einspruch geht an die Moderation',
      silenceConfirms: 'automatisch bestätigt',
      silenceEscalates: 'an die Moderation weitergegeben',
      evidence: 'Beweis bei Chat-Meldungen Pflicht (ein Screenshot oder ein Link)',
      decay: 'Verfall: {{rule}}',
      live: 'Live-Tabelle in {{channel}}',
      contest: 'Wettbewerb: {{contest}}',
      stopped: '⚠️ Prüfnachrichten angehalten',
      stoppedWhy:
        'Seit {{since}}: {{reason}}. Einsendungen warten weiter. Richte den Kanal für Tally ein oder wähle mit `/board edit` einen anderen; dann werden die wartenden Prüfungen gepostet.',
      api: 'API: {{endpoint}}',
      readOnly: 'API: nur lesen',
    },
    delete: {
      deleteButton: 'Löschen',
      cancelButton: 'Abbrechen',
      confirm:
        '**{{board}}** ({{id}}) endgültig löschen? Damit verschwindet: {{contents}}, samt Verlauf, Prüfwarteschlange, Rangrollen und Einstellungen. Ihre öffentliche Seite und jeder API-Abruf antworten mit 404; API-Schlüssel funktionieren für die anderen Ranglisten weiter.',
      staysLive:
        'Die Live-Tabelle in {{channel}} und alle Posts dazu bleiben auf Discord, wie sie sind; lösch sie von Hand, wenn du willst.',
      stays: 'Nachrichten, die Tally dafür gepostet hat, bleiben auf Discord, wie sie sind.',
      pressBy: 'Drücke spätestens {{when}} auf Löschen.',
      deleted: '**{{board}}** ({{id}}) ist mit allem darauf gelöscht: {{contents}}.',
      notOurs: 'Diesen Button hat nicht Tally gemacht.',
      notYours:
        'Nur {{member}}, der diese Rangliste löschen wollte, kann hier antworten; nichts wurde gelöscht.',
      cancelled: 'Abgebrochen: nichts wurde gelöscht.',
      expired:
        'Diese Bestätigung ist abgelaufen; nichts wurde gelöscht. Führe `/board delete` erneut aus, um die Rangliste zu löschen.',
      gone: 'Diese Rangliste ist schon gelöscht; sonst wurde nichts geändert.',
    },
  },
  roles: {
    title: 'Rangrollen von {{board}}',
    none: 'Noch keine; jemand mit „Server verwalten“ fügt eine mit `/roles add` oder `/roles top` hinzu.',
    fromGames: 'Ab {{count}} Ergebnissen',
    fromFirst: 'Ab dem ersten Ergebnis',
    stack: 'jede verdiente Rolle bleibt',
    single: 'eine Rolle zur Zeit, die beste verdiente',
    rules: '{{from}}; {{how}}.',
    line: 'Rangrollen: {{count}}',
    lineRefused:
      'Rangrollen: {{count}} (⚠️ {{refused}} von Discord abgelehnt: siehe `/roles list`)',
    added:
      '{{role}} ist jetzt eine Rangrolle von **{{board}}**; Tally vergibt und entzieht sie innerhalb von 30 s, wenn sich die Tabelle ändert. Dafür braucht Tally die Berechtigung „Rollen verwalten“, mit der eigenen Rolle über {{role}}.',
    removed:
      '{{role}} ist keine Rangrolle von **{{board}}** mehr; Tally entzieht sie den Mitgliedern, denen es sie gegeben hat.',
    settings: 'Rangrollen von **{{board}}**: {{from}}, {{how}}.',
    settingsFromGames: 'ab {{count}} Ergebnissen',
    settingsFromFirst: 'ab dem ersten Ergebnis',
    settingsSingle: 'eine Rolle zur Zeit (die beste verdiente)',
    refresh:
      'Tally prüft jetzt die Rangrollen jedes Mitglieds in **{{board}}** erneut, auch die, die Discord vorher abgelehnt hat.',
    problem: {
      hierarchy:
        'Tally darf diese Rolle nicht vergeben: Es braucht die Berechtigung „Rollen verwalten“, und seine eigene Rolle muss in Servereinstellungen → Rollen über dieser stehen',
      missingAccess:
        'Tally darf diese Rolle nicht vergeben (Missing Access): Es braucht die Berechtigung „Rollen verwalten“',
      gone: 'die Rolle gibt es nicht mehr; entferne sie mit /roles remove',
    },
    rule: {
      top: '{{role}}: Top {{n}}',
      topKept: '{{role}}: Top {{n}} (behalten bis Rang {{keep}})',
      up: '{{role}}: {{value}} {{threshold}}+',
      upKept: '{{role}}: {{value}} {{threshold}}+ (behalten bis {{keep}})',
      down: '{{role}}: {{value}} {{threshold}} oder besser',
      downKept: '{{role}}: {{value}} {{threshold}} oder besser (behalten bis {{keep}})',
    },
  },
  api: {
    access: {
      open: 'Der API-Zugang ist offen: Du kannst mit `/api key create` Schlüssel erstellen.',
      none: 'Noch kein API-Zugang. Beantrage ihn mit `/api access action:request`; ein Betreiber schaltet ihn frei.',
      requested:
        'Der API-Zugang ist beantragt und wartet auf die Freischaltung durch einen Betreiber.',
      withdrawn:
        'Der API-Zugang ist entzogen: Live-Schlüssel sind widerrufen und neue können nicht erstellt werden.',
    },
    revoked: '**{{id}}** ist widerrufen; er funktioniert ab jetzt nicht mehr.',
    minted: '**{{id}}** ist erstellt ({{type}}, {{scopes}}).',
    secret: 'Geheimnis — nur dieses eine Mal gezeigt, speichere es jetzt:',
    use: 'Nutze es als `Authorization: Bearer <secret>`; widerrufe es mit `/api key revoke key:{{id}}`.',
  },
  team: {
    created:
      'Team **{{team}}** ({{id}}) ist auf {{board}} angelegt. Melde seine Matches mit `/match report team:{{teamId}}`.',
  },
  errors: {
    wholeInRange: '`{{name}}` muss eine ganze Zahl von {{min}} bis {{max}} sein',
    type: 'type muss eines davon sein: {{types}}',
    sort: 'sort muss asc oder desc sein',
    teamsMatchesOnly:
      'Teamgröße, feste Teams und Jeder-gegen-jeden gibt es nur für ELO- und Liga-Ranglisten',
    eloOnly: 'K-Faktor und Startwertung gibt es nur für ELO-Ranglisten',
    pointsLeagueOnly: 'Punkte gibt es nur für Liga-Ranglisten',
    boardIdLength: 'die ID einer Rangliste muss 1–100 Zeichen lang sein',
    boardExists: '{{owner}} hat schon eine Rangliste "{{id}}"',
    notFixedTeams: 'die Rangliste "{{board}}" hat keine festen Teams',
    reviewMode: 'der Prüfmodus muss einer davon sein: {{modes}}',
    opponentsMatchesOnly:
      'Bestätigung durch Gegner gibt es nur für ELO- und Liga-Ranglisten (Ergebnisse haben keinen Gegner)',
    onSilence: 'on_silence muss eines davon sein: {{values}}',
    displayRating:
      'Anzeige-Einstellungen gelten für Tabellen; der Wettbewerb einer Rating-Rangliste hat eigene',
    nothingToChange: 'nichts zu ändern',
    noBoard: 'Keine Rangliste "{{board}}"',
    accessWithdrawn:
      'der API-Zugang von {{owner}} ist entzogen; Schlüssel können nicht erstellt werden',
    noAccess:
      '{{owner}} hat noch keinen API-Zugang; beantrage ihn, dann schaltet ein Betreiber ihn frei (tally owner access {{owner}} open)',
    tooManyKeys: '{{owner}} hat schon {{max}} aktive Schlüssel (spec 5.6); widerrufe zuerst einen',
    keyId: 'eine Schlüssel-ID sieht aus wie key_<n>, erhalten: "{{id}}"',
    noKey: 'kein Schlüssel {{id}}',
    rolesPersonal:
      'Rangrollen sind Rollen eines Discord-Servers; persönliche Ranglisten haben keine',
    rolesRating: 'Rating-Ranglisten haben keine Tabelle, also keine Rangrollen',
    roleId: 'role: eine Discord-Rollen-ID',
    roleEveryone: 'role: @everyone sind alle Mitglieder; wähle eine Rolle',
    roleKind: 'kind muss value oder top sein',
    keepTop:
      'keep: Rang {{threshold}} oder schlechter (eine größere Zahl): bis dahin bleibt die Rolle',
    keepAtLeast: 'keep: mindestens {{threshold}}: die Rolle bleibt, solange der Wert so gut bleibt',
    keepAtMost: 'keep: höchstens {{threshold}}: die Rolle bleibt, solange der Wert so gut bleibt',
    rolesMax: 'eine Rangliste hat höchstens {{max}} Rangrollen; entferne zuerst eine',
    notRankRole: '{{role}} ist keine Rangrolle von {{board}}',
    decayEloOnly: 'Verfall gibt es nur für ELO-Ranglisten; {{board}} ist {{type}}',
  },
};

/**
 * What Tally says about a server's administration (issue 32): its language, boards, /setup,
 * seasons, rank roles, keys and the audit channel. Replies speak the member's language; posts for
 * everyone (audit lines, season announcements) the server's.
 */
export const admin = {
  language: {
    /** A shipped language named in a sentence of this catalogue's language. */
    name: {
      en: 'English',
      es: 'Spanish',
      'pt-BR': 'Brazilian Portuguese',
      de: 'German',
    },
    reply: {
      picked:
        'Tally now posts in {{language}} on this server: reviews, confirmations, live standings, season announcements and audit lines. Replies only one member sees stay in that member’s Discord language.',
      auto: 'Tally now follows this server’s language on Discord and posts in {{language}}. Replies only one member sees stay in that member’s Discord language.',
      pickedAlready: 'Tally already posts in {{language}} on this server; nothing was changed.',
      autoAlready:
        'Tally already follows this server’s language on Discord ({{language}}); nothing was changed.',
    },
    unknown: 'language must be one of the choices',
    audit: {
      picked: '🌐 {{actor}} set the language Tally posts in on this server to {{language}}',
      auto: '🌐 {{actor}} set Tally to follow this server’s language on Discord ({{language}})',
    },
  },
  /** Who did it, as an audit line names them (a member is a mention). */
  actor: {
    cli: 'the operator (CLI)',
    api: 'the API',
    auto: 'Tally',
    autoConfirmed: 'Tally (no opponent answered in time)',
    expired: 'the validation window',
    demo: 'the demo',
  },
  audit: {
    line: {
      channelOn: "📋 {{actor}} set this server's audit channel to {{channel}}",
      channelOff: "📋 {{actor}} turned this server's audit channel off",
      matchResult: 'match #{{number}}: {{outcome}}',
      scoreResult: 'score: {{player}} {{score}}',
      approved: '✅ {{actor}} approved {{handle}} on {{board}} ({{result}})',
      adjusted: '✏️ {{actor}} adjusted and approved {{handle}} on {{board}} (now {{result}})',
      declined: '❌ {{actor}} declined {{handle}} on {{board}} ({{result}})',
      declinedWhy: '❌ {{actor}} declined {{handle}} on {{board}} ({{result}}): {{reason}}',
      expired:
        '⌛ {{handle}} on {{board}} expired with no decision ({{result}}); nothing was applied',
      key: '{{type}} key {{id}} ({{access}})',
      keyLabelled: '{{type}} key {{id}} ({{access}}) “{{label}}”',
      keyMinted: '🔑 {{actor}} minted {{key}}',
      keyRevoked: '🔒 {{actor}} revoked {{key}}',
      seasonOn: '{{season}} on {{board}}',
      seasonEnds: 'ends {{when}}',
      seasonEndsRepeats: 'ends {{when}}, then repeats',
      seasonNoEnd: 'no end set',
      seasonStarted: '▶️ {{actor}} started {{season}} ({{end}}; at its end {{reset}})',
      seasonClosed: '🏁 {{season}} ended: final standings archived, {{reset}}',
      seasonClosedNext:
        '🏁 {{season}} ended: final standings archived, {{reset}}; {{next}} started',
      seasonEnded: '🏁 {{actor}} ended {{season}}: final standings archived, {{reset}}',
      seasonEndedNext:
        '🏁 {{actor}} ended {{season}}: final standings archived, {{reset}}; {{next}} started',
      seasonEnding:
        '⏹️ {{actor}} ended {{season}}; it closes once the results submitted before now are recorded',
      corrected: '🛠️ {{actor}} corrected {{board}}: {{headline}}',
      correctedWhy: '🛠️ {{actor}} corrected {{board}}: {{headline}}: {{reason}}',
      boardDeleted:
        '🗑️ {{actor}} deleted the board {{board}} ({{id}}) and everything on it: {{contents}}',
    },
    reply: {
      whatGoes:
        'approvals, declines, adjustments, expiries, corrections, season starts and ends, and API key mints and revokes',
      notInDm: 'the audit channel is a server’s setting: use /audit in your server',
      already: 'Audit lines already go to {{channel}}.',
      now: 'Audit lines now go to {{channel}}: {{what}}, one line each. Tally needs View Channel and Send Messages there; a line it may not post is skipped.',
      off: 'Audit lines are no longer posted (they went to {{channel}}). Turn them on again with `/audit channel`.',
      offAlready: 'There was no audit channel; nothing changed. Set one with `/audit channel`.',
      shows: 'Audit lines go to {{channel}} (set by {{actor}}): {{what}}.',
      none: 'No audit channel: actions are recorded but not posted. Set one with `/audit channel`.',
    },
  },
  season: {
    reset: {
      rating: 'its entries are archived with their final rank',
      standings: 'standings reset',
      hard: 'ratings reset to {{start}}',
      soft: 'ratings move {{percent}}% back toward {{start}}',
      keep: 'ratings kept, records reset',
    },
    started: '**{{season}}** of **{{board}}** has started.',
    startedRound: '**{{season}}** of **{{board}}** has started as a contest round.',
    endsAt: 'It ends {{at}} ({{relative}}).',
    endsAtRepeats: 'It ends {{at}} ({{relative}}) and the next starts then, with the same length.',
    runsUntilEnded: 'It runs until someone with Manage Server uses `/season end`.',
    roundEndWinner:
      'At the end its entries are archived with their final rank and the winner is announced; the next round starts with no entries.',
    roundEndTop:
      'At the end its entries are archived with their final rank and the top {{count}} are announced; the next round starts with no entries.',
    standingsEnd: 'At the end the final standings are archived and {{reset}}.',
    announcedIn: 'Announced in {{channel}}.',
    notAnnounced: 'Not announced (give `channel` to announce).',
    closing:
      '{{season}} ends as soon as the results submitted before now are recorded (a few seconds); then its standings are archived and the board starts afresh.',
    endedRound:
      '{{season}} has ended: its entries are archived by final rank ({{archive}}); entries submitted from now on go into the next round.',
    ended:
      '{{season}} has ended: its final standings are archived ({{archive}}) and the board starts afresh ({{reset}}).',
    ofBoard: '**{{season}}** of **{{board}}**',
    /** The season line of /board info. */
    info: {
      none: 'no season running ({{season}} ended {{at}})',
      ends: 'ends {{relative}}',
      endsRepeating: 'ends {{relative}}, repeating',
      noEnd: 'no end set',
      line: 'season: {{season}}, {{end}}; then {{reset}}',
      lineAnnounced:
        'season: {{season}}, {{end}}; then {{reset}}, announced in {{channel}} (top {{top}})',
    },
    announce: {
      started: '🏁 {{season}} has started',
      startsNew: '**{{board}}** starts a new season.',
      endsAt: 'It ends {{at}} ({{relative}}).',
      runsUntilEnded: 'It runs until the moderators end it.',
      keptForGood: 'At the end the final standings are kept for good and {{reset}}.',
      soon: '⏳ {{season}}: one day left',
      closes: '**{{board}}** closes {{relative}}: last chance to climb.',
      ended: '🏆 {{season}} has ended',
      finalOf: 'Final standings of **{{board}}**:',
      nobody: 'Nobody had a result.',
      begun: '**{{next}}** has begun. {{reset}}.',
      begunEnds: '**{{next}}** has begun; it ends {{at}}. {{reset}}.',
      afresh: 'The board starts afresh: {{reset}}.',
      standings: 'Standings',
      finalStandings: 'Final standings',
    },
    archive: {
      title: '{{board}} — {{season}}, final',
      nobody: 'Nobody had a result this season.',
      noMore: 'No more entries.',
      footer: '{{board}} · {{from}} – {{to}} · archived',
    },
    round: {
      startsNew: '**{{board}}** starts a new contest round.',
      submit:
        'Submit an entry with `/contest submit board:{{board}}` and rate the others; at the end the entries are ranked for good and the winners shown here.',
      closes: '**{{board}}** closes {{relative}}: last chance to vote.',
      by: 'by {{author}} · {{standing}}',
      winnersOf: 'Winners of **{{board}}**:',
      noneRanked: 'No entry had enough votes to be ranked.',
      more: '…and {{count}} more in the final standings.',
    },
    errors: {
      roundAfresh: 'a contest round always starts afresh: its entries are archived at its end',
      daysOrEnd: 'give a length in days or an end date, not both',
      endInFuture: 'the end must be in the future and within ten years',
      reset: 'reset must be one of {{resets}}',
      onlyElo:
        'only ELO ratings can be kept or softly reset; {{type}} standings always start again',
      repeatNeedsEnd: 'a repeating season needs a length or an end date',
      running: 'Season {{number}} is running; end it first (/season end, or tally season end)',
      runningUntil:
        'Season {{number}} is running until {{until}}; end it first (/season end, or tally season end)',
      noneRunning:
        '{{board}} has no season running; start one with /season start (or tally season start)',
      stillRunning:
        "Season {{number}} is still running; its standings are the board's current ones",
      noEnded: '{{board}} has no ended season {{number}}; /season list shows them',
    },
  },
  contents: {
    entries_one: '{{count, number}} entry',
    entries_other: '{{count, number}} entries',
    matches_one: '{{count, number}} match',
    matches_other: '{{count, number}} matches',
    scores_one: '{{count, number}} score',
    scores_other: '{{count, number}} scores',
    seasons_one: '{{count, number}} season',
    seasons_other: '{{count, number}} seasons',
    contestEntries_one: '{{count, number}} contest entry',
    contestEntries_other: '{{count, number}} contest entries',
    evidenceImages_one: '{{count, number}} evidence image',
    evidenceImages_other: '{{count, number}} evidence images',
    nothing: 'nothing recorded yet',
  },
  setup: {
    title: '**Set up Tally**',
    notInServer: '/setup sets up a server; run it there (your own boards: /board create)',
    notOurs: 'That is not a /setup step Tally made; nothing was changed.',
    notYours:
      'Only {{member}}, who ran `/setup`, can answer this; nothing was changed. Run `/setup` yourself to set Tally up.',
    boardGone: 'That board is not there any more; nothing was changed.',
    movedOn:
      'This /setup has moved on (its board is made already); nothing was changed. Run `/setup` again for another board.',
    noRole: 'none (members with Manage Server review)',
    noChannel: 'none (results needing review wait in `/review list`)',
    step1:
      '{{title}} · step 1 of 4: who may approve or decline submitted results? Pick the moderator role, or skip: members with Manage Server can always review.',
    rolePlaceholder: 'The moderator role',
    skipRole: 'Skip: no moderator role',
    step2:
      '{{title}} · step 2 of 4: moderator role {{role}}. Where should Tally post results for review? Pick the review channel (Tally needs View Channel, Send Messages and Embed Links there), or skip.',
    channelPlaceholder: 'The review channel',
    skipChannel: 'Skip: no review channel',
    types: {
      Classic: 'points that add up',
      Highscore: 'best single score counts',
      Time: 'fastest time counts',
      ELO: '1v1 or team matches, rating',
      League: 'matches, win/draw/loss points',
      Rating: 'an image contest, members vote',
    },
    step3:
      '{{title}} · step 3 of 4: moderator role {{role}}, review channel {{channel}}. Now a first board: pick its type, then name it.',
    typePlaceholder: 'The board type',
    modalTitle: 'Set up Tally: a {{type}} board',
    nameLabel: 'Board name',
    namePlaceholder: 'e.g. Weekly ladder',
    step4:
      '{{title}} · step 4 of 4: created **{{board}}** ({{id}}). Should Tally keep its top 10 posted and current in a channel? Pick it, or skip.',
    livePlaceholder: 'The live standings channel',
    skipLive: 'Skip: no live standings',
    done: '{{title}} · done. **{{board}}** ({{id}}, {{type}}) is ready:',
    doneRole: '- moderator role: {{role}}',
    doneChannel: '- review channel: {{channel}}',
    doneWindow:
      '- review window: {{hours}} h (`/board edit window_hours:0` applies results at once)',
    doneLive: '- live standings: {{channel}}, posted in a moment',
    doneNoLive: '- live standings: none (`/board standings` adds them later)',
    next: 'Next:',
    firstMatch: '- `/match report board:{{board}} opponents:@someone` reports a match',
    firstContest:
      '- `/contest settings board:{{board}}` sets the contest up, then `/contest submit` enters an image',
    firstScore: '- `/score submit board:{{board}} score:…` submits a score',
    nextLeaderboard: '- `/leaderboard board:{{board}}` shows the standings',
    nextEdit:
      '- `/board edit board:{{board}}` changes the review window and more; `/board info` shows it all',
    nextApi: '- `/api key create` mints a key for the HTTP API; `/setup` again makes another board',
  },
  board: {
    created: 'Created **{{board}}** ({{id}}).',
    updated: 'Updated **{{board}}**.',
    updatedResumed:
      'Updated **{{board}}**. Review messages were stopped; Tally tries to post the waiting ones again now.',
    liveOn:
      'The top of **{{board}}** is posted in {{channel}} in a moment and kept current (checked every 30 s).',
    liveOff:
      'Tally no longer keeps live standings for **{{board}}**; the last message stays as it is.',
    decayOff: 'Decay is off on {{board}}.',
    decayChanged:
      'Decay on {{board}} is now {{rule}}. The next step is {{when}}; inactivity has counted since {{since}}.',
    decaySet:
      'Decay on {{board}}: {{rule}}. The first step is {{when}}; inactivity counts from now.',
    points: 'points: three whole numbers for win, draw and loss, e.g. 3,1,0',
    decay: {
      percent: '{{amount}}%',
      points: '{{amount}} points',
      rule: '{{amount}} every {{hours}} h after {{days}} days without a result, not below {{floor}}',
      ruleRoleFloor:
        '{{amount}} every {{hours}} h after {{days}} days without a result, not below {{floor}} nor below the rank role a rating has reached',
    },
    info: {
      privateUser: 'Private: off the public pages (the API is as before)',
      privateServer:
        'Private: only members signed in see its pages; off the index and link previews (the API is as before)',
      reviewDm: 'by DM to the owner',
      reviewRole: 'in {{channel}} by {{role}} or Manage Server',
      reviewManagers: 'in {{channel}} by Manage Server',
      reviewCli: 'with `tally review` (no moderator channel)',
      typeHighest: 'Type **{{type}}**, best is highest',
      typeLowest: 'Type **{{type}}**, best is lowest',
      elo: 'k {{k}}, start {{start}}',
      points: 'points {{win}}/{{draw}}/{{loss}}',
      fixedTeams: 'fixed teams',
      perSide: '{{count}} per side',
      atOnce: 'applies at once',
      reviewed: 'reviewed {{review}}, window {{hours}} h',
      opponents:
        "members' match reports: confirmed by an opponent first (in the channel reported in), {{hours}} h to answer, then {{then}}; a dispute goes to the moderators",
      silenceConfirms: 'confirmed automatically',
      silenceEscalates: 'sent to the moderators',
      evidence: 'evidence required with chat reports (a screenshot or a link)',
      decay: 'decay: {{rule}}',
      live: 'live standings in {{channel}}',
      contest: 'contest: {{contest}}',
      stopped: '⚠️ Review messages stopped',
      stoppedWhy:
        'Since {{since}}: {{reason}}. Submissions wait, still pending. Fix the channel for Tally or pick another with `/board edit`; the waiting reviews are then posted.',
      api: 'API: {{endpoint}}',
      readOnly: 'API: read only',
    },
    delete: {
      deleteButton: 'Delete',
      cancelButton: 'Cancel',
      confirm:
        'Delete **{{board}}** ({{id}}) for good? Gone with it: {{contents}}, with its history, review queue, rank roles and settings. Its public page and every API read of it answer 404; API keys keep working for the other boards.',
      staysLive:
        'The live standings message in {{channel}} and any posts of it stay on Discord as they are; delete them by hand if you like.',
      stays: 'Messages Tally posted for it stay on Discord as they are.',
      pressBy: 'Press Delete {{when}} at the latest.',
      deleted: 'Deleted **{{board}}** ({{id}}) with everything on it: {{contents}}.',
      notOurs: 'That button is not one Tally made.',
      notYours:
        'Only {{member}}, who asked to delete this board, can answer this; nothing was deleted.',
      cancelled: 'Cancelled: nothing was deleted.',
      expired:
        'This confirmation ran out; nothing was deleted. Run `/board delete` again to delete the board.',
      gone: 'That board is deleted already; nothing else was changed.',
    },
  },
  roles: {
    title: 'Rank roles of {{board}}',
    none: 'None yet; someone with Manage Server adds one with `/roles add` or `/roles top`.',
    fromGames: 'From {{count}} results',
    fromFirst: 'From the first result',
    stack: 'every earned role held',
    single: 'one role at a time, the best earned',
    rules: '{{from}}; {{how}}.',
    line: 'rank roles: {{count}}',
    lineRefused: 'rank roles: {{count}} (⚠️ {{refused}} refused by Discord: see `/roles list`)',
    added:
      '{{role}} is now a rank role of **{{board}}**; Tally gives and takes it within 30 s as standings change. It needs the Manage Roles permission, with its own role above {{role}}.',
    removed:
      '{{role}} is no longer a rank role of **{{board}}**; Tally takes it back from the members it gave it to.',
    settings: 'Rank roles of **{{board}}**: {{from}}, {{how}}.',
    settingsFromGames: 'from {{count}} results',
    settingsFromFirst: 'from the first result',
    settingsSingle: 'one role at a time (the best earned)',
    refresh:
      'Tally checks every member’s rank roles on **{{board}}** again now, including roles Discord refused before.',
    problem: {
      hierarchy:
        'Tally may not give this role: it needs the Manage Roles permission, and its own role must be above this one in Server Settings → Roles',
      missingAccess:
        'Tally may not give this role (Missing Access): it needs the Manage Roles permission',
      gone: 'the role no longer exists; remove it with /roles remove',
    },
    rule: {
      top: '{{role}}: top {{n}}',
      topKept: '{{role}}: top {{n}} (kept to rank {{keep}})',
      up: '{{role}}: {{value}} {{threshold}}+',
      upKept: '{{role}}: {{value}} {{threshold}}+ (kept down to {{keep}})',
      down: '{{role}}: {{value}} {{threshold}} or better',
      downKept: '{{role}}: {{value}} {{threshold}} or better (kept down to {{keep}})',
    },
  },
  api: {
    access: {
      open: 'API access is open: you can mint keys with `/api key create`.',
      none: 'No API access yet. Request it with `/api access action:request`; an operator grants it.',
      requested: 'API access is requested and waits for an operator to grant it.',
      withdrawn: 'API access is withdrawn: live keys are revoked and no new keys can be minted.',
    },
    revoked: 'Revoked **{{id}}**; it stops working now.',
    minted: 'Minted **{{id}}** ({{type}}, {{scopes}}).',
    secret: 'Secret — shown this once, store it now:',
    use: 'Use it as `Authorization: Bearer <secret>`; revoke it with `/api key revoke key:{{id}}`.',
  },
  team: {
    created:
      'Created team **{{team}}** ({{id}}) on {{board}}. Report its matches with `/match report team:{{teamId}}`.',
  },
  errors: {
    wholeInRange: '{{name}} must be a whole number from {{min}} to {{max}}',
    type: 'type must be one of {{types}}',
    sort: 'sort must be asc or desc',
    teamsMatchesOnly: 'team size, fixed teams and free-for-all apply to ELO and League boards only',
    eloOnly: 'k factor and start rating apply to ELO boards only',
    pointsLeagueOnly: 'points apply to League boards only',
    boardIdLength: 'board id must be 1–100 characters',
    boardExists: '{{owner}} already has a board "{{id}}"',
    notFixedTeams: 'board "{{board}}" is not a fixed-teams board',
    reviewMode: 'review mode must be one of {{modes}}',
    opponentsMatchesOnly:
      'opponent confirmation applies to ELO and League boards only (scores have no opponent)',
    onSilence: 'on silence must be one of {{values}}',
    displayRating: "display settings apply to standings; a Rating board's contest has its own",
    nothingToChange: 'nothing to change',
    noBoard: 'No board "{{board}}"',
    accessWithdrawn: 'API access of {{owner}} is withdrawn; keys cannot be minted',
    noAccess:
      '{{owner}} has no API access yet; request it, then an operator grants it (tally owner access {{owner}} open)',
    tooManyKeys: '{{owner}} already has {{max}} active keys (spec 5.6); revoke one first',
    keyId: 'key id must look like key_<n>, got "{{id}}"',
    noKey: 'no key {{id}}',
    rolesPersonal: 'rank roles are Discord server roles; personal boards have none',
    rolesRating: 'Rating boards keep no standings, so no rank roles',
    roleId: 'role: a Discord role id',
    roleEveryone: 'role: @everyone is every member; pick a role',
    roleKind: 'kind must be value or top',
    keepTop:
      'keep: a rank of {{threshold}} or lower (a bigger number): the role is kept down to it',
    keepAtLeast:
      'keep: at least {{threshold}}: the role is kept while the value stays as good as it',
    keepAtMost: 'keep: at most {{threshold}}: the role is kept while the value stays as good as it',
    rolesMax: 'a board has at most {{max}} rank roles; remove one first',
    notRankRole: '{{role}} is not a rank role of {{board}}',
    decayEloOnly: 'decay applies to ELO boards; {{board}} is {{type}}',
  },
} as const;

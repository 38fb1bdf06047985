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
    title: 'Season {{number}}',
    titleNamed: 'Season {{number}} “{{name}}”',
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
  errors: {
    wholeInRange: '{{name}} must be a whole number from {{min}} to {{max}}',
  },
} as const;

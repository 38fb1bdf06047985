/**
 * Reading a board: /leaderboard's standings and their pages, the live standings message, /rank,
 * /profile, /versus, a contest's ranking and a member's entries, and the paged lists (/board
 * list, /team list, /season list, /api key list). Values, deltas, records and outcome words come
 * from `shared` (domain/display.ts); names, ids and times are filled in by the layouts.
 */
export const reading = {
  standings: {
    title: '{{board}} — standings',
    empty: 'No entries yet.',
    noMore: 'No more entries.',
    /** The live standings message's link to the board's page. */
    full: 'Full standings',
  },
  contest: {
    /** `**Sunset** by Ali`, and as /season list names a round's champion, `“Sunset” by Ali`. */
    entryBy: '**{{title}}** by {{author}}',
    championBy: '“{{title}}” by {{author}}',
    empty: 'No entries yet: submit one with `/contest submit board:{{board}}`.',
    /** `board_1 · Rating · 12 entries · ranked from 3 votes` */
    footer: '{{board}} · Rating · {{entries}} · ranked from {{votes}}',
    entries_one: '{{count, number}} entry',
    entries_other: '{{count, number}} entries',
    votes_one: '{{count, number}} vote',
    votes_other: '{{count, number}} votes',
    roundEmpty: 'No entries this round.',
    roundFooter: '{{board}} · {{from}} – {{to}} · {{entries}} · archived',
  },
  rank: {
    contest:
      "**{{board}}** is an image contest: its entries are ranked, not members. `/leaderboard` shows the ranking and `/profile` a member's entries.",
    noEntry: '{{player}} has no entry on **{{board}}** yet.',
    line: 'Rank **#{{rank}}** · {{unit}} **{{value}}**',
    record: '{{wins}} won, {{draws}} drawn, {{losses}} lost',
    submissions_one: '{{count}} submission',
    submissions_other: '{{count}} submissions',
    moved: 'Last change without a result: {{delta}} ({{cause}}) {{when}}',
    recent: 'Recent matches',
    /** `#12 won 3–1 vs Sam (+16) <t:…:R> · pending` */
    match: '#{{number}} {{outcome}}{{score}} vs {{against}}{{delta}} {{when}}{{status}}',
    played: 'played',
  },
  /** `{{player}} on {{board}}`: the title of /rank's and /profile's cards. */
  onBoard: '{{player}} on {{board}}',
  status: {
    pending: 'pending',
    rejected: 'rejected',
    approved: 'approved',
    adjusted: 'adjusted',
    set: 'set',
  },
  profile: {
    notPlayed: '{{player}} has not played on **{{board}}** yet.',
    noEntries: '{{player}} has no entries on **{{board}}**: `/contest submit` takes one.',
    unranked: 'No standing this season · best {{unit}} **{{peak}}**',
    ranked: 'Rank **#{{rank}}** of {{of}} · {{unit}} **{{value}}** · peak {{peak}}',
    winRate: ' · {{percent}}% won',
    streak: {
      W_one: 'On a {{count}}-win streak · longest winning streak {{longest}}',
      W_other: 'On a {{count}}-win streak · longest winning streak {{longest}}',
      D_one: 'On a {{count}}-draw streak · longest winning streak {{longest}}',
      D_other: 'On a {{count}}-draw streak · longest winning streak {{longest}}',
      L_one: 'On a {{count}}-loss streak · longest winning streak {{longest}}',
      L_other: 'On a {{count}}-loss streak · longest winning streak {{longest}}',
    },
    submissions_one: '{{count}} scores submitted',
    submissions_other: '{{count}} scores submitted',
    season: 'This season: {{sparkline}}',
    lastMatches: 'Last matches',
    /** `**W** 3–1 vs Sam Okoro (+16) · <t:…:R>` */
    played: '**{{result}}**{{score}} vs {{against}}{{delta}} · {{when}}{{status}}',
    /** The letter of a result in a played line. */
    result: { W: 'W', D: 'D', L: 'L' },
  },
  versus: {
    notMatches:
      "**{{board}}** is a {{type}} board: players post scores, not matches against each other. /profile shows one player's scores.",
    samePlayer: 'Pick two different players.',
    never: '{{a}} and {{b}} have not played each other on **{{board}}** yet.',
    title: '{{a}} vs {{b}} on {{board}}',
    record_one: '**{{wins}}** won, **{{draws}}** drawn, **{{losses}}** lost in {{count}} game',
    record_other: '**{{wins}}** won, **{{draws}}** drawn, **{{losses}}** lost in {{count}} games',
    net: ' · {{delta}} {{unit}} in these games',
    lastMeetings: 'Last meetings',
  },
  entries: {
    inRound: ' in {{round}}',
    more: '…and {{count}} more',
    count_one: '{{count}} entry',
    count_other: '{{count}} entries',
    inContest: '{{entries}} in the contest',
    noneNow: 'No entry in the contest now',
    waitingApproval: '{{entries}} waiting for approval',
    inPast: '{{entries}} in past rounds',
    live: 'In the contest',
    waiting: 'Waiting for a moderator',
    past: 'Past rounds',
  },
  /** The read use cases' refusals (the API's detail says the same in English). */
  refusals: {
    notPlayed: '{{player}} has not played on {{board}}',
    noScores: '{{type}} boards record no scores',
    notScores: '{{board}} records matches or entries, not scores',
    notMatches: '{{type}} boards record scores, not matches',
    noEntries: 'Rating boards keep no entries in this version; read the board itself',
  },
  lists: {
    boards: 'Boards',
    noBoards: 'No boards yet; someone with Manage Server creates one with `/board create`.',
    teams: 'Teams of {{board}}',
    noTeams: 'No teams yet; someone with Manage Server creates one with `/team create`.',
    keys: 'API keys',
    revoked: 'revoked',
    noKeys: 'No keys yet; mint one with `/api key create`.',
    seasons: 'Seasons of {{board}}',
    noChampions: 'no entries',
    running: '▶️ **{{season}}** · since {{since}} · {{end}}',
    ends: 'ends {{when}}',
    noEnd: 'no end set',
    noSeasons:
      'No seasons yet; someone with Manage Server starts one with `/season start board:{{board}}`.',
  },
} as const;

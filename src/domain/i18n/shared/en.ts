/**
 * The display rules' words (src/domain/display.ts, src/domain/board-display.ts): what a board's
 * value is called, a match's outcome and each side's result, votes, a contest's periods and
 * settings, where a member's submission stands, and how a board's standings look. Chat, the
 * pages, the pictures and the audit all read these through the display functions, never here.
 */
export const shared = {
  /** A board's value after a number or in a sentence (valueName): `rating 1 200`. */
  value: {
    rating: 'rating',
    points: 'points',
    score: 'score',
    time: 'time',
  },
  /** The same as a column heading or a label (valueHeading). */
  heading: {
    rating: 'Rating',
    points: 'Points',
    score: 'Score',
    time: 'Time',
  },
  /** What one side did in a match (sideVerb): `Ann (won)`, `· lost`. */
  result: {
    won: 'won',
    drew: 'drew',
    lost: 'lost',
  },
  /** A run of results as a noun, without its number: `win`, `wins`. */
  noun: {
    win_one: 'win',
    win_other: 'wins',
    draw_one: 'draw',
    draw_other: 'draws',
    loss_one: 'loss',
    loss_other: 'losses',
  },
  /** A number of results: `3 wins`, `1 loss`. */
  results: {
    win_one: '{{count, number}} win',
    win_other: '{{count, number}} wins',
    draw_one: '{{count, number}} draw',
    draw_other: '{{count, number}} draws',
    loss_one: '{{count, number}} loss',
    loss_other: '{{count, number}} losses',
  },
  /**
   * A match's outcome, the winner first (outcomeSentence): `middle` is `beat`, `drew with` or a
   * scoreline (`3–1`), and the sentence puts it between the sides.
   */
  outcome: {
    beat: 'beat',
    drewWith: 'drew with',
    sentence: '{{first}} {{middle}} {{second}}',
  },
  /** A count of votes (voteCount). */
  votes: {
    none: 'no votes',
    count_one: '{{count, number}} vote',
    count_other: '{{count, number}} votes',
  },
  /** A contest entry's standing (entryStanding): `8.43 · avg 8.70 · 23 votes`. */
  standing: {
    average: 'avg {{average}}',
    unranked: 'unranked',
    rankedFrom: '{{votes}} (ranked from {{minVotes}})',
  },
  /** Where a contest period stands, after its name (periodState). */
  period: {
    open: 'open',
    openUntil: 'open until {{when}}',
    closedSince: 'closed since {{when}}',
  },
  /** A contest period with its name (periodLine, contestSummary): `voting open until …`. */
  periods: {
    submissions: {
      open: 'submissions open',
      openUntil: 'submissions open until {{when}}',
      closedSince: 'submissions closed since {{when}}',
    },
    voting: {
      open: 'voting open',
      openUntil: 'voting open until {{when}}',
      closedSince: 'voting closed since {{when}}',
    },
  },
  /** A contest's settings in one line (contestSummary), after its two periods. */
  contest: {
    entriesPerMember_one: '{{count, number}} entry per member',
    entriesPerMember_other: '{{count, number}} entries per member',
    approval: 'moderators approve entries',
    atOnce: 'entries go live at once',
    rankedFrom_one: 'ranked from {{count, number}} vote',
    rankedFrom_other: 'ranked from {{count, number}} votes',
    postedIn: 'posted in {{channel}}',
    notPosted: 'not posted in a channel',
  },
  /** Where a member's own submission stands, as its submitter reads it (submissionStateWord). */
  submission: {
    recording: 'Being recorded',
    awaiting_opponents: 'Waiting for the opponents to confirm',
    awaiting_review: 'Waiting for a moderator',
    applied: 'Applied',
    corrected: 'Applied, as corrected by a moderator',
    declined: 'Declined',
    withdrawn: 'Withdrawn',
    expired: 'Expired',
    failed: 'Failed',
  },
  /** A board's standings settings in words (displaySummary, /board info). */
  display: {
    size_one: 'standings: {{count, number}} rank a page in chat',
    size_other: 'standings: {{count, number}} ranks a page in chat',
    medals: 'medals and podium',
    noMedals: 'no medals or podium',
    recordShown: 'record shown',
    recordHidden: 'record hidden',
    submissionsShown: 'submissions shown',
    submissionsHidden: 'submissions hidden',
  },
  /** A League player's form for a screen reader (league-table.ts formLabel). */
  form: {
    none: 'No matches yet',
    last_one: 'Last {{count, number}}, oldest first: {{results}}',
    last_other: 'Last {{count, number}}, oldest first: {{results}}',
  },
  /** A season as it is named (season.ts seasonTitle): its number, and its name if it has its own. */
  season: {
    title: 'Season {{number, number}}',
    named: 'Season {{number, number}} “{{name}}”',
  },
} as const;

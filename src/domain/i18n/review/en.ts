/**
 * Reports, reviews, confirmations and corrections (issue 32): what a member reads after
 * `/score submit` or `/match report` (their own language), the review message, the opponents'
 * confirmation and the submitter's DM (the server's language), the moderators' forms and
 * refusals (the presser's language), `/review list` and `/correct`. Values, result verbs and
 * times come from the `shared` part (domain/display.ts); names and reasons are escaped by the
 * caller.
 */
export const review = {
  submit: {
    applied:
      'Recorded on {{board}} and applied ({{handle}}). `/leaderboard board:{{boardId}}` shows the standings.',
    failed: '{{handle}} was not recorded: {{reason}}.',
    failedReason: 'it failed',
    pending: 'Submitted to {{board}} as {{handle}}. {{next}}',
    queuedApplies: 'Submitted to {{board}} as {{handle}}; it is queued and applies in a moment.',
    queuedReview:
      'Submitted to {{board}} as {{handle}}; it is queued and goes to review in a moment.',
    awaiting: 'Reported on {{board}} as {{handle}}. {{next}}',
    awaitingCounts:
      'It counts once an opponent confirms it; Tally asks them here in a moment. If nobody answers within {{hours}} h, it counts.',
    awaitingEscalates:
      'It counts once an opponent confirms it; Tally asks them here in a moment. If nobody answers within {{hours}} h, the moderators decide.',
    expiresBy: 'If nobody decides by {{when}}, it expires.',
    sentToOwner: "It was sent to the board's owner by DM for review; it counts once approved.",
    postedIn: 'Posted for review in {{channel}}; it counts once a moderator approves it.',
    noChannel:
      'It waits for review; this board has no moderator channel, so an operator decides with `tally review`.',
    evidenceRequired:
      '{{board}} needs evidence with every report: attach a screenshot with the `evidence` option, or give a link (a video, for instance) with `evidence_link`. Nothing was submitted.',
    scorelineNeeded: 'score: a League match needs the scoreline, your side first (3-1)',
    resultNeeded: 'result: say whether your side won, lost or drew',
  },
  message: {
    title: 'Review: {{board}}',
    titleDone: 'Reviewed: {{board}}',
    team: 'Team {{n}}',
    score: 'Score',
    player: 'Player',
    evidence: 'Evidence',
    evidenceFile: 'Evidence file',
    evidenceImage: 'the attached image, shown below',
    submittedBy: 'Submitted by',
    theApi: 'the API',
    expires: 'Expires',
    neverExpires: 'never (no validation window)',
    outcome: 'Outcome',
    footer: '{{handle}} · board {{boardId}}',
    footerMatch: '{{handle}} · match #{{number}} · board {{boardId}}',
    approve: 'Approve',
    decline: 'Decline',
    adjust: 'Adjust',
  },
  outcome: {
    adjusted: 'Adjusted {{reviewer}} to the result shown; it is on the leaderboard.',
    removedLater: 'Approved {{reviewer}}; later removed {{corrector}}: it no longer counts.',
    correctedLater:
      'Approved {{reviewer}}; later corrected to the result shown {{corrector}}: it counts as shown.',
    approved: 'Approved {{reviewer}}; it is on the leaderboard.',
    expired: 'Expired: no moderator decided within the validation window. Nothing was applied.',
    declinedBecause: 'Declined {{reviewer}}: {{reason}}. Nothing was applied.',
    declined: 'Declined {{reviewer}}. Nothing was applied.',
  },
  reason: {
    withdrawn: 'withdrawn by the member who reported it',
    expired: 'the validation window ran out with no decision',
  },
  reviewer: {
    member: 'by {{member}}',
    auto: 'automatically (no opponent answered in time)',
    cli: 'from the operator CLI',
    operator: 'by a server operator',
    other: 'by {{name}}',
  },
  notice: {
    match: 'Your match #{{number}} on {{board}} ({{handle}})',
    score: 'Your score of {{score}} on {{board}} ({{handle}})',
    adjusted:
      '{{subject}} was corrected {{reviewer}} and approved; it is on the leaderboard as corrected.',
    approved: '{{subject}} was approved {{reviewer}}; it is on the leaderboard.',
    expired:
      "{{subject}} expired: no moderator decided within the board's review window. Nothing was recorded; you can report it again.",
    declinedBecause: '{{subject}} was declined {{reviewer}}: {{reason}}\nNothing was recorded.',
    declined: '{{subject}} was declined {{reviewer}}. Nothing was recorded.',
  },
  blocked: {
    cannotPost:
      'Tally cannot post review messages for {{board}} ({{boardId}}) on {{server}}: {{reason}}.',
    whatNow:
      "Submissions to this board wait, still pending; nothing is lost. Fix the channel's permissions for Tally, or pick another channel with `/board edit board:{{boardId}} moderator_channel:…`, and the waiting reviews are posted. Until then an operator can decide them with `tally review`.",
  },
  confirm: {
    title: 'Match report: {{board}}',
    asked:
      '{{opponents}}: {{reporter}} reported this match. If it is right, press **Confirm**; if not, **Dispute** it and the moderators decide.',
    byCounts: 'If nobody answers by {{when}} ({{relative}}), it counts as confirmed.',
    byEscalates: 'If nobody answers by {{when}} ({{relative}}), it goes to the moderators.',
    withdrawUntil: '{{reporter}} can **Withdraw** it until then.',
    confirm: 'Confirm',
    dispute: 'Dispute',
    withdraw: 'Withdraw',
    team: '**Team {{n}}**{{result}}: {{names}}',
    score: 'Score: {{team1}} – {{team2}}',
    confirmed: '✅ Confirmed by {{who}}; it is on the leaderboard.',
    anOpponent: 'an opponent',
    auto: '✅ Confirmed automatically: no opponent answered within {{hours}} h. It is on the leaderboard.',
    withdrawn: '↩️ Withdrawn by {{who}}; nothing was applied.',
    theReporter: 'the member who reported it',
    disputed: '⚖️ Disputed by {{who}}. {{decided}}',
    escalated: '⏳ No opponent answered within {{hours}} h. {{decided}}',
    modsApproved: 'The moderators approved it; it is on the leaderboard.',
    modsDeclined: 'The moderators did not approve it ({{reason}}); nothing was applied.',
    declinedReason: 'declined',
    modsDecideIn: 'The moderators decide it in {{channel}}.',
    modsDecideCli:
      'The moderators decide it with `tally review` (this board has no moderator channel).',
    aModApproved: 'A moderator approved it; it is on the leaderboard.',
    notApproved: 'It was not approved; nothing was applied.',
  },
  answer: {
    notOurs: 'This button is not one of Tally’s.',
    notAReport: '{{handle}} is not a match report of this server; nothing was changed.',
    refused: '{{refusal}} Nothing was changed.',
    onlyReporter: 'Only the member who reported this match can withdraw it.',
    youReported:
      'You reported this match, so an opponent has to confirm or dispute it. You can withdraw it instead.',
    onlyOpponents: 'Only a player on the other side of this match can confirm or dispute it.',
    notChanged: 'Nothing was changed: {{detail}}',
    failed: 'Tally could not record that just now; nothing was changed. Try again in a moment.',
  },
  already: {
    confirmed: '{{handle}} was already confirmed.',
    confirmedBy: '{{handle}} was already confirmed by {{member}}.',
    auto: '{{handle}} was confirmed automatically when its window ran out.',
    disputed: '{{handle}} was disputed; the moderators decide it now.',
    disputedBy: '{{handle}} was disputed by {{member}}; the moderators decide it now.',
    escalated: '{{handle}} went to the moderators when its window ran out.',
    withdrawn: '{{handle}} was withdrawn by the member who reported it.',
    notWaiting: '{{handle}} is no longer waiting for its opponents (it is {{status}}).',
    gone: '{{handle}} is gone',
    noReport: 'no report {{handle}} waiting for its opponents',
  },
  press: {
    notOurs: 'This button is not one of Tally’s review buttons.',
    notOurForm: 'This form is not one of Tally’s.',
    alreadyDecided: '{{handle}} was already decided; nothing changed.',
    notChanged: 'Nothing changed: {{detail}}',
    notHere: '{{handle}} is not a submission of this server.',
    mayNotReview:
      'Only members with the Manage Server permission or the board’s moderator role can review submissions.',
    recorded: 'Recorded.',
    notRecorded: 'Your decision was not recorded: {{detail}}.',
    failed: 'Tally could not record that decision; nothing changed. Try again in a moment.',
  },
  decide: {
    noSubmission: 'no submission {{handle}}',
    boardGone: 'the board of {{handle}} no longer exists',
    seasonClosing:
      "the board's season has just ended and results submitted before its end are still being recorded; try {{handle}} again in a few seconds",
    notPending: '{{handle}} is not pending review (it is {{status}})',
    badHandle: 'handle must look like sub_<n>',
    noHandle: 'No submission {{handle}}',
    expired:
      '{{handle}} expired at {{when}}, when its validation window ran out; it was rejected and nothing was applied',
  },
  modal: {
    adjustTitle: 'Adjust {{handle}}',
    declineTitle: 'Decline {{handle}}',
    time: 'Time (m:ss.mmm)',
    score: 'Score',
    team1Score: 'Team 1 score',
    team2Score: 'Team 2 score',
    winner: 'Winner: team1, team2 or draw',
    reason: 'Reason (optional, shown to the submitter)',
    reasonPlaceholder: 'e.g. the screenshot shows a different score',
  },
  list: {
    mayNotListAny:
      'Only members with the Manage Server permission or a board’s moderator role can list submissions waiting for review.',
    mayNotList:
      'Only members with the Manage Server permission or the board’s moderator role can list submissions waiting for review.',
    nothing: 'Nothing is waiting for review. 🎉',
    nothingOn: 'Nothing is waiting for review on {{board}}. 🎉',
    more: '…and {{more}} more. The full list: `tally review list {{owner}}{{board}}` on the machine running Tally.',
    title: 'Waiting for review: {{total}}',
    footer: 'Oldest first. Approve or decline on each review message.',
    by: 'by {{who}}',
    submitted: 'submitted {{when}}',
    neverExpires: 'never expires',
    expires: 'expires {{when}}',
    message: 'review message',
    undecided: '{{team1}} vs {{team2}}, no result',
    aMatch: 'a match',
    aScore: 'a score',
    missingMatch: 'match (its record is missing)',
    missingScore: 'score (its record is missing)',
    theApi: 'the API',
  },
  correct: {
    mayNotCorrect:
      'Only members with the Manage Server permission or the board’s moderator role can correct results.',
    done: '{{headline}} on {{board}} by {{member}}.',
    reason: 'Reason: {{reason}}',
    scoreOf: '{{player}}’s score {{score}}',
    match: 'Match #{{number}}',
    removed: '{{label}} removed (it was {{was}}); its changes were taken back',
    corrected: '{{label}} corrected to {{now}} (it was {{was}})',
    left: '{{name}} left the board (no result left this season)',
    team1Won: 'team 1 won',
    team2Won: 'team 2 won',
    draw: 'a draw',
    noResult: 'no result',
  },
  fix: {
    pendingMatch:
      'Match #{{number}} is still pending review: approve, adjust or decline it instead',
    pendingScore:
      '{{player}}’s score {{score}} is still pending review: approve, adjust or decline it instead',
    declinedMatch: 'Match #{{number}} was declined and never counted; there is nothing to correct',
    declinedScore:
      '{{player}}’s score {{score}} was declined and never counted; there is nothing to correct',
    archivedMatch:
      "Match #{{number}} counted in a season that has ended; that season's final standings are archived and stay as they are",
    archivedScore:
      "{{player}}’s score {{score}} counted in a season that has ended; that season's final standings are archived and stay as they are",
    removedMatch: 'Match #{{number}} was removed by a moderator already',
    removedScore: '{{player}}’s score {{score}} was removed by a moderator already',
    matchReads: 'Match #{{number}} already reads {{result}}; nothing changed',
    matchReadsTeam1: 'Match #{{number}} already reads team 1 won; nothing changed',
    matchReadsTeam2: 'Match #{{number}} already reads team 2 won; nothing changed',
    matchReadsDraw: 'Match #{{number}} already reads a draw; nothing changed',
    scoreReads: '{{player}}’s score {{score}} already reads that; nothing changed',
    seasonClosing:
      'the board’s season has just ended and results submitted before its end are still being recorded; try again in a few seconds',
    noBoard: 'No board "{{boardId}}"',
    notMatches: '{{boardId}} is a {{type}} board: it records scores, not matches',
    noMatch: '{{boardId}} has no match #{{number}}',
    noScore: 'no applied score {{score}} of that player on {{boardId}}',
    noResult: '{{handle}} has no recorded result to correct (it is {{status}})',
  },
} as const;

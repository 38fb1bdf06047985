/**
 * Queues and contests (issues 28 and 32). `queue`: what /queue and the queue's buttons answer a
 * member (their locale); `queuePost`: the queue's and its matches' messages, posted for everyone
 * (the server's language, buttons included); `queueRefused`: the queue use cases' refusals
 * (pipeline/queues.ts, TallyError `said`). `contest`, `contestPost`, `contestRefused` the same for
 * contests; `entryQueue`: `/review list`'s contest part; `round`: a contest round's announcements.
 * A state's words (`queue.state`, `queueRefused.readyOver`, …) are keyed by the match's state.
 */
export const play = {
  queue: {
    left: 'You left the queue.',
    leftBoard: 'You left the queue of {{board}} ({{waiting}}).',
    waiting_one: '{{count, number}} waiting',
    waiting_other: '{{count, number}} waiting',
    howTeams:
      'Once {{players}} wait, Tally forms {{size}} games split as evenly as the ratings allow',
    howPairs: 'Tally pairs the two closest ratings',
    howItMatches:
      "{{who}}, within a window of ±{{start}} on joining that widens by {{growth}} a minute up to ±{{max}}. Matched players are pinged to press Ready within {{ready}} s (a no-show goes out, the others back in at their places), then have {{report}} min to report the result from the match's message; it counts as a /match report does.",
    opened: 'Opened the queue of {{board}}.',
    updated: 'Updated the queue of {{board}}.',
    postedSoon: 'Its Join / Leave message is posted in {{channel}} in a moment.',
    staysIn: 'Its message stays in {{channel}}.',
    noMessage:
      'It has no message yet: give `channel` to post one; members can join with `/queue join` meanwhile.',
    closed:
      'Closed the queue of {{board}}: whoever waited left it and its open matches were cancelled; results already reported stay.',
    noQueue: '{{board}} has no queue; nothing changed.',
    youAreIn: 'You are in the queue of {{board}} ({{waiting}}).',
    teamIsIn: '{{team}} is in the queue of {{board}} ({{waiting}}).',
    youAreInBoard: 'You are in the queue of {{board}}.',
    yourWindow: 'Your rating is {{rating}}; matched within ±{{window}}, wider the longer you wait.',
    itsWindow: 'Its rating is {{rating}}; matched within ±{{window}}, wider the longer it waits.',
    pingIn: 'When you are matched, Tally pings you in {{channel}} to press Ready.',
    waiterLine: '{{who}} — {{rating}}, ±{{window}}, since {{since}}',
    nobodyWaits: 'Nobody waits.',
    more_one: '… and {{count, number}} more',
    more_other: '… and {{count, number}} more',
    matchOn: 'Your match on {{board}}',
    matchOnIn: 'Your match on {{board}} in {{channel}}',
    readyBy: '{{state}}; press Ready by {{when}}',
    reportBy: '{{state}}; report it by {{when}}',
    state: {
      ready: 'waiting for everyone to press Ready',
      playing: 'being played',
      reporting: 'already reported',
      reported: 'already reported',
      cancelled: 'cancelled',
    },
    youWait:
      'You wait in the queue of {{board}} since {{since}}: rating {{rating}}, matched within ±{{window}} now (up to ±{{max}}).',
    notWaiting: 'You are not waiting in any queue.',
    queueOf: 'Queue of {{board}} ({{waiting}}, {{matches}}):',
    openMatches_one: '{{count, number}} open match',
    openMatches_other: '{{count, number}} open matches',
    noQueueOpen: '{{board}} has no queue; an admin opens one with /queue open',
    botsCannot: 'bots cannot queue; only people play matches',
  },
  press: {
    notOurs: 'That button is not one Tally made; nothing was changed.',
    queueGone: 'That queue is closed or not one of this server’s; nothing was changed.',
    matchNotHere: 'That match is not one of this server’s; nothing was changed.',
    botsCannot: 'Bots cannot queue; only people play matches.',
    fixedTeams:
      '{{board}} has fixed teams: queue yours with `/queue join board:{{id}} team:<name>`.',
    otherQueue:
      'You wait in another board’s queue, not this one; `/queue status` shows where, `/queue leave` leaves it.',
    notInThis: 'You are not waiting in the queue of {{board}}; nothing changed.',
    allReady: 'Everyone is ready: the match is on. Report it from its message.',
    allReadyBy: 'Everyone is ready: the match is on. Report it from its message by {{when}}.',
    youAreReady: 'You are ready; the match starts once everyone has pressed Ready (by {{when}}).',
    declined:
      'You are out of this match; the others go back into the queue at their places. Join again when you can play.',
    cannotReport: 'This match cannot be reported: {{state}}.',
    cancelDenied:
      'Only members with the Manage Server permission or the board’s moderator role can cancel a match; nothing was changed.',
    cancelled: 'Cancelled this match on {{board}}; nobody’s rating moves.',
    onlyPlayers: 'only the players of this match can report it',
    badScore:
      'The score is a scoreline, your side first, like 3-1; nothing was reported. Press Report score again.',
    modalTitle: 'Report the score',
    modalLabel: 'Score, your side first (3-1)',
  },
  queuePost: {
    title: 'Queue · {{board}}',
    nobody: 'Nobody is waiting. Press **Join** to be the first.',
    waiting: '**Waiting ({{count}})**',
    more: '… and {{count}} more',
    playingNow_one: '**Playing now:** {{count, number}} match',
    playingNow_other: '**Playing now:** {{count, number}} matches',
    footer:
      'Matched players are pinged and have {{seconds}} s to press Ready. You wait in one queue at a time.',
    join: 'Join',
    leave: 'Leave',
    closed:
      'This queue is closed: nobody waits in it and it forms no matches. An admin opens it again with `/queue open` or in the dashboard.',
    formRatings: 'form ratings (from results)',
    ratings: 'ratings',
    widening: 'at most {{start}} apart at first, widening by {{growth}} a minute up to {{max}}',
    teamVsTeam: '**Team vs team** · pairs the teams with the closest {{ratings}}, {{widening}}.',
    oneVsOne: '**1v1** · pairs the closest {{ratings}}, {{widening}}.',
    teams: '**{{size}}** · the most even teams from players whose {{ratings}} are {{widening}}.',
    waiterLine: '{{who}} · {{rating}} · joined {{since}}',
    ids: 'queue match {{match}} · board {{board}}',
    matchTitle: 'Queue match · {{board}}',
    checkOver: '{{pings}}: the ready check of this {{board}} match is over.',
    checkOn:
      '{{pings}}: your {{board}} match is ready. Press **Ready** before the check ends {{when}}; whoever has not by then leaves the queue, and the others go back in at their places.',
    deadline: 'by {{time}} ({{when}})',
    howScore: 'presses **Report score** (your side’s score first)',
    howButtons: 'reports the result with the buttons below (they speak for your side)',
    play: 'Everyone is ready: play your {{board}} match! Then one of you {{how}}. A match nobody reports in time is cancelled and nothing is recorded.',
    playBy:
      'Everyone is ready: play your {{board}} match! Then one of you {{how}} {{deadline}}. A match nobody reports in time is cancelled and nothing is recorded.',
    reporting: '{{who}} is reporting the result…',
    reported: 'Reported by {{who}}. {{after}}',
    reportedAs: 'Reported by {{who}} as `{{handle}}`. {{after}}',
    aPlayer: 'a player',
    afterOpponents: 'The opponents confirm or dispute it, as any report on this board.',
    afterAtOnce: 'It applies at once, as any report on this board.',
    afterModerators: 'The moderators review it, as any report on this board.',
    unreported: 'Cancelled: nobody reported the result in time. Nothing was recorded.',
    closedInCheck: 'Cancelled: the queue was closed during the ready check. Nothing was recorded.',
    notReady_one:
      'Cancelled: {{who}} was not ready. The others are back in the queue at their places.',
    notReady_other:
      'Cancelled: {{who}} were not ready. The others are back in the queue at their places.',
    cancelledBy: 'Cancelled by {{who}}. Nothing was recorded.',
    cancelledWhy: 'Cancelled ({{why}}). Nothing was recorded.',
    noReason: 'no reason given',
    someone: 'someone',
    and: '{{list}} and {{last}}',
    side: 'Team {{side}} · {{chance}} chance',
    cancel: 'Cancel (moderators)',
    ready: 'Ready',
    cantPlay: 'Can’t play',
    reportScore: 'Report score',
    weWon: 'We won',
    weLost: 'We lost',
    iWon: 'I won',
    iLost: 'I lost',
    draw: 'Draw',
  },
  queueRefused: {
    notQueueBoard: 'queues are for ELO and League boards; {{board}} is a {{type}} board',
    sayTeam: 'this board has fixed teams: say which team you queue (team: a name or team_N)',
    notTeam: 'that team is not a team of {{board}}',
    noQueue: '{{board}} has no queue; an admin opens one with /queue open or in the dashboard',
    youWait:
      'You are already waiting in the queue of {{board}}; leave it first (/queue leave or its Leave button)',
    yourTeamWaits:
      'The team you queued is already waiting in the queue of {{board}}; leave it first (/queue leave or its Leave button)',
    teamWaits:
      'That team is already waiting in the queue of {{board}}; leave it first (/queue leave or its Leave button)',
    inMatch:
      'you are in a queue match that is not over yet; report it (or let its deadline pass) before you queue again',
    joinedJustNow:
      'you joined a queue a moment ago (another join of yours got there first); leave it first (/queue leave or its Leave button)',
    notWaiting: 'you are not waiting in any queue; nothing changed',
    onlyPlayers: 'only the players of this match can do that',
    noMatch: 'that queue match does not exist',
    readyAlready: 'you are ready already',
    checkOver: 'the ready check is over',
    readyOver: {
      ready: 'the ready check is over: waiting for everyone to press Ready',
      playing: 'the ready check is over: being played',
      reporting: 'the ready check is over: already reported',
      reported: 'the ready check is over: already reported',
      cancelled: 'the ready check is over: cancelled',
    },
    cannotReport: {
      late: 'this match cannot be reported: its time to report ran out',
      ready: 'this match cannot be reported: waiting for everyone to press Ready',
      playing: 'this match cannot be reported: being played',
      reporting: 'this match cannot be reported: already reported',
      reported: 'this match cannot be reported: already reported',
      cancelled: 'this match cannot be reported: cancelled',
    },
    reportedJustNow: 'someone reported this match a moment ago',
    cannotCancel: {
      ready: 'this match cannot be cancelled: waiting for everyone to press Ready',
      playing: 'this match cannot be cancelled: being played',
      reporting: 'this match cannot be cancelled: already reported',
      reported: 'this match cannot be cancelled: already reported',
      cancelled: 'this match cannot be cancelled: cancelled',
    },
  },
  contest: {
    entryName: '**{{title}}** (entry #{{entry}})',
    pending:
      '{{name}} is in **{{board}}** and waits for a moderator’s approval; you will see it posted once approved.',
    live: '{{name}} is in **{{board}}**. {{where}}',
    postedSoon: 'It is posted in {{channel}} for votes in a moment.',
    noChannel:
      'No contest channel is set yet, so it is not posted for votes until a manager sets one (`/contest settings channel`).',
    withdrew: 'You withdrew **{{title}}** from **{{board}}**; its post and image are deleted.',
    mayNotModerate:
      'Only members with the Manage Server permission or the board’s moderator role can do that.',
    removed: 'Entry #{{entry}} **{{title}}** removed; its author is told why by DM.',
    approved: 'Entry #{{entry}} **{{title}}** approved: it is in the contest.',
    declined: 'Entry #{{entry}} **{{title}}** declined; its author is told by DM.',
    onlyServers: 'channel: only server contests are posted in a channel',
    settings: '**{{board}}**: {{summary}}',
    changed: 'Contest **{{board}}**: {{summary}}',
    votedInServer: 'Contests are voted on in their server.',
    notOurVote: 'That vote button is not one Tally made.',
    notOurs: 'That button is not one Tally made.',
    reportedThanks:
      'Thank you: **{{title}}** is reported to the moderators, who see it in `/review list`.',
    reportedAlready: 'You reported **{{title}}** already; the moderators have it.',
    reviewDenied:
      'Only members with the Manage Server permission or the board’s moderator role can review entries; nothing was changed.',
    approvedPress: 'Approved: **{{title}}** is in the contest and is posted for votes.',
    declinedPress:
      'Declined: **{{title}}**; its author is told by DM. To give a reason, use `/contest decline` instead next time.',
    vote: 'Your vote on "{{title}}": **{{value}}**/10. Press another number any time to change it.',
    voteSame:
      'Your vote on "{{title}}": **{{value}}**/10 (unchanged). Press another number any time to change it.',
    voteWas:
      'Your vote on "{{title}}": **{{value}}**/10 (was {{previous}}). Press another number any time to change it.',
  },
  contestPost: {
    by: 'by <@{{author}}> · **{{board}}**',
    closes: 'Voting closes {{when}}.',
    closed: 'Voting has closed.',
    rateIt: 'Rate it 1–10 with the buttons below; you can change your vote.',
    soFar: '{{votes}} so far',
    unranked: 'Unranked',
    finalRank: 'Final rank #{{rank}}',
    average: 'avg {{average, number(minimumFractionDigits: 2; maximumFractionDigits: 2)}}',
    ended: 'This contest round has ended.',
    report: 'Report',
    outcome: {
      live: 'Approved: it is in the contest.',
      declined: 'Declined.',
      declinedWhy: 'Declined: {{reason}}',
      withdrawn: 'Withdrawn by its author.',
      removed: 'Removed.',
      removedWhy: 'Removed: {{reason}}',
      archived: 'Its contest round ended.',
    },
    submitted: 'Submitted {{when}}; approve it to put it in the contest.',
    toReview: 'Entry to review: {{title}}',
    reviewed: 'Entry reviewed: {{title}}',
    reviewFooter: 'entry #{{entry}} · board {{board}}',
    approve: 'Approve',
    decline: 'Decline',
    noticeDeclined:
      'Your entry "{{title}}" was not approved for the contest **{{board}}** by its moderators. Its image is no longer kept by Tally.',
    noticeDeclinedWhy:
      'Your entry "{{title}}" was not approved for the contest **{{board}}** by its moderators. Reason: {{reason}} Its image is no longer kept by Tally.',
    noticeRemoved:
      'Your entry "{{title}}" was removed from the contest **{{board}}** by its moderators. Its image is no longer kept by Tally.',
    noticeRemovedWhy:
      'Your entry "{{title}}" was removed from the contest **{{board}}** by its moderators. Reason: {{reason}} Its image is no longer kept by Tally.',
  },
  contestRefused: {
    notRating: '{{board}} is a {{type}} board; contests run on Rating boards',
    notADate: '{{what}}: not a date',
    pastDate: '{{what}}: the date must be in the future (or give `closed`)',
    stoppedTaking: '**{{board}}** stopped taking entries {{when}}',
    titleLong: 'title: at most {{max}} characters',
    image: {
      not_an_image:
        'That file is not an image Tally takes: send a PNG, JPEG, WebP or GIF ({{why}}). Nothing was submitted.',
      too_large: 'That image is too large ({{why}}). Nothing was submitted.',
      too_many_pixels: 'That image has too many pixels ({{why}}). Nothing was submitted.',
      unreadable: 'That image could not be read ({{why}}). Nothing was submitted.',
    },
    cap_one:
      'You have {{count, number}} entry in **{{board}}**, and a member may have {{cap}}: withdraw one first (`/contest withdraw`). Nothing was submitted.',
    cap_other:
      'You have {{count, number}} entries in **{{board}}**, and a member may have {{cap}}: withdraw one first (`/contest withdraw`). Nothing was submitted.',
    noEntry: 'no entry {{entry}} here',
    ownVote: 'You cannot vote on your own entry.',
    votingClosed: 'Voting on **{{board}}** closed {{when}}; your vote was not counted.',
    goneVote: 'That entry is no longer in the contest; your vote was not counted.',
    onlyAuthor: 'Only its author can withdraw an entry; moderators remove one instead.',
    gone: 'That entry is no longer in the contest.',
    reasonLong: 'reason: at most 200 characters',
    expired: 'That entry waited past the review window and was declined by it.',
    decided: 'That entry was decided already.',
    ownReport: 'That is your own entry: withdraw it instead (`/contest withdraw`).',
    stillRunning: "Season {{season}} is still running; its standings are the board's current ones",
  },
  entryQueue: {
    submitted: 'submitted {{when}}',
    neverExpires: 'never expires',
    expires: 'expires {{when}}',
    reviewMessage: 'review message',
    post: 'post',
    reports_one: '🚩 {{count, number}} report',
    reports_other: '🚩 {{count, number}} reports',
    title: 'Contest entries: {{pending}} waiting for approval, {{reported}} reported',
    footer:
      'Oldest first. Decide with /contest approve or /contest decline (entry: the #) or on the review message; /contest remove takes a reported entry out.',
    waiting: '**Waiting for approval**',
    reported: '**Reported**',
    more: '…and {{count}} more',
  },
  participants: {
    atLeastOne: '{{field}}: mention at least one member',
    everyone: '{{field}}: @everyone is not a player; mention members, or a role for a team',
    notMention: '{{field}}: {{token}} is not a member or role mention',
    notTeam: '{{field}}: {{team}} is not a team of this board (see /team list)',
    bot: '<@{{id}}> is a bot; bots cannot be players. Name the people who played.',
  },
  audit: {
    contestSet: '🖼️ {{actor}} set the contest of **{{board}}**: {{summary}}',
    removed:
      '🖼️ {{actor}} removed entry #{{entry}} "{{title}}" by {{author}} from **{{board}}**: {{reason}}',
    approved: '🖼️ {{actor}} approved entry #{{entry}} "{{title}}" by {{author}} on **{{board}}**',
    approvedWhy:
      '🖼️ {{actor}} approved entry #{{entry}} "{{title}}" by {{author}} on **{{board}}**: {{reason}}',
    declined: '🖼️ {{actor}} declined entry #{{entry}} "{{title}}" by {{author}} on **{{board}}**',
    declinedWhy:
      '🖼️ {{actor}} declined entry #{{entry}} "{{title}}" by {{author}} on **{{board}}**: {{reason}}',
  },
  round: {
    started: '🏁 {{title}} has started',
    oneDayLeft: '⏳ {{title}}: one day left',
    begun: '**{{title}}** has begun: submit with `/contest submit board:{{board}}`.',
    begunEnds:
      '**{{title}}** has begun; it ends {{when}}: submit with `/contest submit board:{{board}}`.',
    over: 'The round is over: entries submitted from now on go into the next round.',
  },
} as const;

/**
 * What any interaction may answer, whichever command or button it was: the refusal wrapper, the
 * apology when something failed on Tally's side, buttons Tally did not put there, the paging
 * buttons, the rate limit on writes, and the workspace's refusals (src/bot/interactions.ts,
 * chat-limits.ts, workspace.ts, page-button.ts, commands/page.ts).
 */
export const common = {
  failed: {
    /** A TallyError's own words after it (its `said`, or its detail). */
    known: 'That did not work: {{detail}}',
    unconfirmed:
      'Tally could not finish that just now, so it may or may not have taken effect. Check (`/rank`, `/board list`, `/api key list`) before trying again.',
    notACommand: '/{{command}} is not a Tally command',
  },
  buttons: {
    notOnMessage: 'That button is not on this message; nothing was changed.',
    unknown:
      'Tally does not know that button or form (it may be from an older version); nothing was changed.',
    notAPage: 'That page button is not one Tally made.',
    boardGone: 'That board is not available here any more.',
    seasonGone: 'That season is not available here any more.',
  },
  pages: {
    first: 'First',
    next: 'Next',
    more: 'More',
    noMore: 'No more.',
  },
  limits: {
    writes:
      'you are sending more than {{limit}} changes a minute; nothing was recorded. Try again {{when}} (in {{seconds}} s).',
  },
  workspace: {
    noBoard: 'No board "{{board}}"',
    /** Manage Server, for a command (`/board create`) or one of the actions below. */
    manageServer: '{{what}} needs the Manage Server permission.',
    manageServerFor: {
      changingContest: 'Changing a contest needs the Manage Server permission.',
      deletingBoard: 'Deleting a board needs the Manage Server permission.',
      settingUp: 'Setting Tally up needs the Manage Server permission.',
      managingKeys: 'Managing API keys and access needs the Manage Server permission.',
    },
    cannotSee:
      'Tally cannot see <#{{channel}}>: give it View Channel, Send Messages and Embed Links there, then try again',
    notTextChannel: '<#{{channel}}> is not a text channel of this server; pick one from the list',
    /** `{{what}}` is one of `what` below. */
    everyoneReviews: '{{what}}: @everyone would let every member review; pick a role',
    everyoneIsEveryone: '{{what}}: @everyone is every member; pick a role',
    notARole: '{{what}}: that is not a role of this server; pick one from the list',
    managedRole:
      '{{what}}: <@&{{role}}> belongs to a bot or an integration, and Discord lets no one give it; pick another',
    notInServer: '{{what}}: only server boards have one; your own boards are reviewed by DM',
    what: {
      moderatorRole: 'moderator role',
      rankRole: 'rank role',
      moderatorChannel: 'moderator channel',
    },
  },
} as const;

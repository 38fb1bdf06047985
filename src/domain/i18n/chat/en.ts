/** What the bot's shared option readers answer (src/bot/attachment-file.ts, command-options.ts). */
export const chat = {
  upload: {
    tooLarge: 'That file is over {{mb, number}} MB; send a smaller image. Nothing was submitted.',
    unreachable:
      'Tally could not download that file from Discord just now; try again. Nothing was submitted.',
  },
  date: {
    invalid: '{{option}}: a date like 2026-12-31 or 2026-12-31 18:00 (UTC), not {{given}}',
  },
  /** What a member typed, refused by the domain's readers (score-text, correction, evidence). */
  typed: {
    notTime: 'score: "{{text}}" is not a time; use m:ss.mmm or h:mm:ss.mmm',
    belowZero:
      'score: "{{text}}" is below zero, and a time cannot be; give how long it took, such as 1:30.250',
    notWhole: 'score: "{{text}}" is not a whole number',
    needWinner: 'winner: a {{type}} result needs the winner (team1, team2 or draw)',
    needScoreline: 'score: a {{type}} result needs the scoreline, team 1 first (3-1)',
    needTime: 'value: a {{type}} result needs a time (m:ss.mmm)',
    needScore: 'value: a {{type}} result needs a score',
    linkTooLong: 'evidence_link: at most {{max}} characters',
    linkNotAddress: 'evidence_link: give a full web address starting with https://',
    linkScheme: 'evidence_link: only http:// and https:// addresses are accepted',
    linkSpaces: 'evidence_link: a web address has no spaces',
    fileName: 'evidence: the file’s name is too long; rename it and attach it again',
    reasonTooLong: 'reason: at most {{max}} characters',
  },
} as const;

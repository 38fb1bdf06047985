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
} as const;

/**
 * What Tally says about a server's administration (issue 32): its language, boards, /setup,
 * seasons, rank roles, keys and the audit channel. Replies speak the member's language; posts for
 * everyone (audit lines, season announcements, rank-role notices) the server's.
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
  audit: {
    line: {
      channelOn: "📋 {{actor}} set this server's audit channel to {{channel}}",
      channelOff: "📋 {{actor}} turned this server's audit channel off",
    },
  },
} as const;

/**
 * The pictures' words (src/render: the standings card, a contest's card, the history chart), and
 * the card's own lines that src/web/pictures.ts writes. The renderer may not import the domain
 * (eslint.config.js layers), so it is handed this part of the language's catalogue as plain data
 * (src/domain/picture-words.ts) and fills the placeholders itself; `{{count}}` picks a plural
 * form there with the language's Intl.PluralRules. src/render/words.ts holds English as its
 * default, and a test keeps the two the same.
 */
export const pictures = {
  card: {
    /** Where a card's rows or tiles would be. */
    noEntries: 'No entries yet',
    players_one: '{{count, number}} player',
    players_other: '{{count, number}} players',
    entries_one: '{{count, number}} entry',
    entries_other: '{{count, number}} entries',
    /** A card's subtitle after the board's type: `ELO · Season 3 · final standings`. */
    finalStandings: 'final standings',
    /** A contest's subtitle outside a season: `Rating · contest`. */
    contest: 'contest',
    /** A contest entry's place when it has too few votes for one. */
    unranked: 'unranked',
    /** A contest entry in a link's preview: `Dusk by Ann (8.43)`. */
    entryBy: '{{title}} by {{author}} ({{value}})',
  },
  chart: {
    /** The summary under the title: `rating: last 1,052 · min 1,016 · max 1,074`. */
    labelled: '{{label}}: {{summary}}',
    last: 'last {{value}}',
    min: 'min {{value}}',
    max: 'max {{value}}',
    /** What the chart shows, for a screen reader (the SVG's description). */
    described_one:
      '{{count, number}} value from {{from}} to {{to}}; last {{last}}, min {{min}}, max {{max}}.',
    described_other:
      '{{count, number}} values from {{from}} to {{to}}; last {{last}}, min {{min}}, max {{max}}.',
  },
} as const;

import type { Shape } from '../shape';
import type { pictures as source } from './en';

export const pictures: Shape<typeof source> = {
  card: {
    noEntries: 'Noch keine Einträge',
    players_one: '{{count, number}} Spieler',
    players_other: '{{count, number}} Spieler',
    entries_one: '{{count, number}} Beitrag',
    entries_other: '{{count, number}} Beiträge',
    finalStandings: 'Endstand',
    contest: 'Wettbewerb',
    unranked: 'nicht platziert',
    entryBy: '{{title}} von {{author}} ({{value}})',
  },
  chart: {
    labelled: '{{label}}: {{summary}}',
    last: 'aktuell {{value}}',
    min: 'min. {{value}}',
    max: 'max. {{value}}',
    described_one:
      '{{count, number}} Wert vom {{from}} bis {{to}}; aktuell {{last}}, min. {{min}}, max. {{max}}.',
    described_other:
      '{{count, number}} Werte vom {{from}} bis {{to}}; aktuell {{last}}, min. {{min}}, max. {{max}}.',
  },
};

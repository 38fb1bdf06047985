import type { Shape } from '../shape';
import type { pictures as source } from './en';

export const pictures: Shape<typeof source> = {
  card: {
    noEntries: 'Todavía no hay nadie',
    players_one: '{{count, number}} jugador',
    players_many: '{{count, number}} de jugadores',
    players_other: '{{count, number}} jugadores',
    entries_one: '{{count, number}} participación',
    entries_many: '{{count, number}} de participaciones',
    entries_other: '{{count, number}} participaciones',
    finalStandings: 'clasificación final',
    contest: 'concurso',
    unranked: 'sin clasificar',
    entryBy: '{{title}}, de {{author}} ({{value}})',
  },
  chart: {
    labelled: '{{label}}: {{summary}}',
    last: 'actual {{value}}',
    min: 'mín. {{value}}',
    max: 'máx. {{value}}',
    described_one:
      '{{count, number}} valor del {{from}} al {{to}}; actual {{last}}, mín. {{min}}, máx. {{max}}.',
    described_many:
      '{{count, number}} de valores del {{from}} al {{to}}; actual {{last}}, mín. {{min}}, máx. {{max}}.',
    described_other:
      '{{count, number}} valores del {{from}} al {{to}}; actual {{last}}, mín. {{min}}, máx. {{max}}.',
  },
};

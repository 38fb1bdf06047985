import type { Shape } from '../shape';
import type { pictures as source } from './en';

export const pictures: Shape<typeof source> = {
  card: {
    noEntries: 'Ainda não há ninguém',
    players_one: '{{count, number}} jogador',
    players_many: '{{count, number}} de jogadores',
    players_other: '{{count, number}} jogadores',
    entries_one: '{{count, number}} participação',
    entries_many: '{{count, number}} de participações',
    entries_other: '{{count, number}} participações',
    finalStandings: 'classificação final',
    contest: 'concurso',
    unranked: 'sem posição',
    entryBy: '{{title}}, de {{author}} ({{value}})',
  },
  chart: {
    labelled: '{{label}}: {{summary}}',
    last: 'atual {{value}}',
    min: 'mín. {{value}}',
    max: 'máx. {{value}}',
    described_one:
      '{{count, number}} valor de {{from}} a {{to}}; atual {{last}}, mín. {{min}}, máx. {{max}}.',
    described_many:
      '{{count, number}} de valores de {{from}} a {{to}}; atual {{last}}, mín. {{min}}, máx. {{max}}.',
    described_other:
      '{{count, number}} valores de {{from}} a {{to}}; atual {{last}}, mín. {{min}}, máx. {{max}}.',
  },
};

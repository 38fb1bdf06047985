import type { Shape } from '../shape';
import type { play as source } from './en';

export const play: Shape<typeof source> = {
  queue: {
    left: 'Você saiu da fila.',
    leftBoard: 'Você saiu da fila de {{board}} ({{waiting}}).',
    waiting_one: '{{count, number}} aguardando',
    waiting_many: '{{count, number}} aguardando',
    waiting_other: '{{count, number}} aguardando',
  },
};

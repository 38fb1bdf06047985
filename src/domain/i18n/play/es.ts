import type { Shape } from '../shape';
import type { play as source } from './en';

export const play: Shape<typeof source> = {
  queue: {
    left: 'Saliste de la cola.',
    leftBoard: 'Saliste de la cola de {{board}} ({{waiting}}).',
    waiting_one: '{{count, number}} en espera',
    waiting_many: '{{count, number}} en espera',
    waiting_other: '{{count, number}} en espera',
  },
};

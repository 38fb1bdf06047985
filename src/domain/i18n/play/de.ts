import type { Shape } from '../shape';
import type { play as source } from './en';

export const play: Shape<typeof source> = {
  queue: {
    left: 'Du hast die Warteschlange verlassen.',
    leftBoard: 'Du hast die Warteschlange von {{board}} verlassen ({{waiting}}).',
    waiting_one: '{{count, number}} wartet',
    waiting_other: '{{count, number}} warten',
  },
};

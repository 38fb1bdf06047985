export const play = {
  queue: {
    left: 'You left the queue.',
    leftBoard: 'You left the queue of {{board}} ({{waiting}}).',
    waiting_one: '{{count, number}} waiting',
    waiting_other: '{{count, number}} waiting',
  },
} as const;

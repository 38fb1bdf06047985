import type { Shape } from '../shape';
import type { chat as source } from './en';

export const chat: Shape<typeof source> = {
  upload: {
    tooLarge:
      'Esse arquivo tem mais de {{mb, number}} MB; envie uma imagem menor. Nada foi enviado.',
    unreachable:
      'O Tally não conseguiu baixar esse arquivo do Discord agora; tente de novo. Nada foi enviado.',
  },
  date: {
    invalid: '{{option}}: uma data como 2026-12-31 ou 2026-12-31 18:00 (UTC), não {{given}}',
  },
};

import type { Shape } from '../shape';
import type { chat as source } from './en';

export const chat: Shape<typeof source> = {
  upload: {
    tooLarge:
      'Ese archivo pesa más de {{mb, number}} MB; envía una imagen más pequeña. No se envió nada.',
    unreachable:
      'Tally no pudo descargar ese archivo de Discord en este momento; vuelve a intentarlo. No se envió nada.',
  },
  date: {
    invalid: '{{option}}: una fecha como 2026-12-31 o 2026-12-31 18:00 (UTC), no {{given}}',
  },
};

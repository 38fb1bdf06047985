import type { Shape } from '../shape';
import type { chat as source } from './en';

export const chat: Shape<typeof source> = {
  upload: {
    tooLarge:
      'Die Datei ist größer als {{mb, number}} MB; schick ein kleineres Bild. Es wurde nichts eingereicht.',
    unreachable:
      'Tally konnte die Datei gerade nicht von Discord herunterladen; versuch es noch einmal. Es wurde nichts eingereicht.',
  },
  date: {
    invalid: '{{option}}: ein Datum wie 2026-12-31 oder 2026-12-31 18:00 (UTC), nicht {{given}}',
  },
};

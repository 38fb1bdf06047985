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
  typed: {
    notTime: 'score: «{{text}}» no es un tiempo; usa m:ss.mmm o h:mm:ss.mmm',
    belowZero:
      'score: «{{text}}» es menor que cero, y un tiempo no puede serlo; indica cuánto tardaste, por ejemplo 1:30.250',
    notWhole: 'score: «{{text}}» no es un número entero',
    needWinner: 'winner: un resultado de {{type}} necesita el ganador (team1, team2 o draw)',
    needScoreline:
      'score: un resultado de {{type}} necesita el marcador, primero el equipo 1 (3-1)',
    needTime: 'value: un resultado de {{type}} necesita un tiempo (m:ss.mmm)',
    needScore: 'value: un resultado de {{type}} necesita una puntuación',
    linkTooLong: 'evidence_link: como máximo {{max}} caracteres',
    linkNotAddress: 'evidence_link: escribe una dirección web completa que empiece por https://',
    linkScheme: 'evidence_link: solo se aceptan direcciones http:// y https://',
    linkSpaces: 'evidence_link: una dirección web no lleva espacios',
    fileName: 'evidence: el nombre del archivo es demasiado largo; cámbialo y vuelve a adjuntarlo',
    reasonTooLong: 'reason: como máximo {{max}} caracteres',
  },
};

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
  typed: {
    notTime: 'score: "{{text}}" não é um tempo; use m:ss.mmm ou h:mm:ss.mmm',
    belowZero:
      'score: "{{text}}" é menor que zero, e um tempo não pode ser; informe quanto tempo levou, como 1:30.250',
    notWhole: 'score: "{{text}}" não é um número inteiro',
    needWinner: 'winner: um resultado de {{type}} precisa do vencedor (team1, team2 ou draw)',
    needScoreline: 'score: um resultado de {{type}} precisa do placar, time 1 primeiro (3-1)',
    needTime: 'value: um resultado de {{type}} precisa de um tempo (m:ss.mmm)',
    needScore: 'value: um resultado de {{type}} precisa de uma pontuação',
    linkTooLong: 'evidence_link: no máximo {{max}} caracteres',
    linkNotAddress: 'evidence_link: informe um endereço completo que comece com https://',
    linkScheme: 'evidence_link: só são aceitos endereços http:// e https://',
    linkSpaces: 'evidence_link: um endereço da web não tem espaços',
    fileName: 'evidence: o nome do arquivo é longo demais; renomeie e anexe de novo',
    reasonTooLong: 'reason: no máximo {{max}} caracteres',
  },
};

import type { Shape } from '../shape';
import type { shared as source } from './en';

/**
 * Brazilian Portuguese: «rating» and «pontos» as the commands say them, «retrospecto» for a
 * record (V-E-D); a period's state agrees with its name («envios abertos», «votação aberta»).
 */
export const shared: Shape<typeof source> = {
  value: {
    rating: 'rating',
    points: 'pontos',
    score: 'pontuação',
    time: 'tempo',
  },
  heading: {
    rating: 'Rating',
    points: 'Pontos',
    score: 'Pontuação',
    time: 'Tempo',
  },
  result: {
    won: 'venceu',
    drew: 'empatou',
    lost: 'perdeu',
  },
  noun: {
    win_one: 'vitória',
    win_many: 'vitórias',
    win_other: 'vitórias',
    draw_one: 'empate',
    draw_many: 'empates',
    draw_other: 'empates',
    loss_one: 'derrota',
    loss_many: 'derrotas',
    loss_other: 'derrotas',
  },
  results: {
    win_one: '{{count, number}} vitória',
    win_many: '{{count, number}} de vitórias',
    win_other: '{{count, number}} vitórias',
    draw_one: '{{count, number}} empate',
    draw_many: '{{count, number}} de empates',
    draw_other: '{{count, number}} empates',
    loss_one: '{{count, number}} derrota',
    loss_many: '{{count, number}} de derrotas',
    loss_other: '{{count, number}} derrotas',
  },
  outcome: {
    beat: 'venceu',
    drewWith: 'empatou com',
    sentence: '{{first}} {{middle}} {{second}}',
  },
  votes: {
    none: 'nenhum voto',
    count_one: '{{count, number}} voto',
    count_many: '{{count, number}} de votos',
    count_other: '{{count, number}} votos',
  },
  standing: {
    average: 'média {{average}}',
    unranked: 'sem posição',
    rankedFrom: '{{votes}} (entra na classificação com {{minVotes}})',
  },
  period: {
    open: 'aberto',
    openUntil: 'aberto até {{when}}',
    closedSince: 'encerrado em {{when}}',
  },
  periods: {
    submissions: {
      open: 'envios abertos',
      openUntil: 'envios abertos até {{when}}',
      closedSince: 'envios encerrados em {{when}}',
    },
    voting: {
      open: 'votação aberta',
      openUntil: 'votação aberta até {{when}}',
      closedSince: 'votação encerrada em {{when}}',
    },
  },
  contest: {
    entriesPerMember_one: '{{count, number}} participação por membro',
    entriesPerMember_many: '{{count, number}} de participações por membro',
    entriesPerMember_other: '{{count, number}} participações por membro',
    approval: 'os moderadores aprovam as participações',
    atOnce: 'as participações entram no ar na hora',
    rankedFrom_one: 'entra na classificação com {{count, number}} voto',
    rankedFrom_many: 'entra na classificação com {{count, number}} de votos',
    rankedFrom_other: 'entra na classificação com {{count, number}} votos',
    postedIn: 'publicado em {{channel}}',
    notPosted: 'não é publicado em nenhum canal',
  },
  submission: {
    recording: 'Sendo registrado',
    awaiting_opponents: 'Aguardando a confirmação dos adversários',
    awaiting_review: 'Aguardando um moderador',
    applied: 'Aplicado',
    corrected: 'Aplicado com a correção de um moderador',
    declined: 'Recusado',
    withdrawn: 'Retirado',
    expired: 'Expirado',
    failed: 'Falhou',
  },
  display: {
    size_one: 'classificação: {{count, number}} posição por página no chat',
    size_many: 'classificação: {{count, number}} de posições por página no chat',
    size_other: 'classificação: {{count, number}} posições por página no chat',
    medals: 'medalhas e pódio',
    noMedals: 'sem medalhas nem pódio',
    recordShown: 'retrospecto visível',
    recordHidden: 'retrospecto oculto',
    submissionsShown: 'envios visíveis',
    submissionsHidden: 'envios ocultos',
  },
  form: {
    none: 'Nenhuma partida ainda',
    last_one: 'Última partida: {{results}}',
    last_many: 'Últimas {{count, number}}, da mais antiga para a mais recente: {{results}}',
    last_other: 'Últimas {{count, number}}, da mais antiga para a mais recente: {{results}}',
  },
  season: {
    title: 'Temporada {{number, number}}',
    named: 'Temporada {{number, number}} “{{name}}”',
  },
};
